#!/usr/bin/env bash
# `npm run test:deploy`: the container image and the Compose recipe, run as an operator runs them,
# on a machine with no image registry (docs/operations.md, "Docker"; FACTS: containers run here).
#   1. its own Docker daemon (Debian's docker.io; own socket, data under ~/.cache/sema/deploy),
#   2. stand-in base images from Debian's archive and npm (bases.sh),
#   3. the image, built from deploy/Dockerfile (better-sqlite3 compiled from source: no prebuilt
#      binary is reachable here),
#   4. one container, read-only, no capabilities, no-new-privileges, only its volumes and a small
#      /tmp: probes, the web app, a translation and a document on the tiny model, a glossary; no
#      TypeScript loader running; `docker stop` drains (a document in flight finishes 200, exit 0);
#      the glossary survives a new container on the same volumes,
#   5. the Compose cluster (HAProxy, 3 API, 2 inference, Redis) on an internal network with the same
#      hardening: every service healthy, no request lost under a bounded load while an API and an
#      inference container are SIGKILLed, a glossary kept across `down` and `up`,
# talking only to loopback and its own containers, then removes what it made (containers, networks,
# volumes, the Sema image's tags; the stand-in bases and the build cache stay in the drill's own
# daemon for the next run, `--clean` removes them too) and stops the daemon if it started it. Prints the figures docs/operations.md quotes.
#   npm run test:deploy [-- --no-compose] [-- --clean]
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
state=${SEMA_DRILL_HOME:-$HOME/.cache/sema/deploy}
socket=/run/sema-drill-docker.sock
export DOCKER_HOST=unix://$socket
prefix=sema-drill
image=sema:drill
tiny=$repo/apps/server/test/fixtures/tiny-nllb
with_compose=1
clean_all=0
for arg in "$@"; do
  case $arg in
    --no-compose) with_compose=0 ;;
    --clean) clean_all=1 ;;
    *) echo "unknown option $arg" >&2 && exit 2 ;;
  esac
done
began=$(date +%s)
step() { echo "== [$(($(date +%s) - began)) s] $*"; }
failures=0
check() { # check "what" command…: runs it, says ok or FAIL
  local what=$1
  shift
  if "$@" >/dev/null 2>&1; then echo "   ok   $what"; else echo "   FAIL $what" && failures=$((failures + 1)); fi
}
figures=()
figure() { figures+=("$1") && echo "   ---  $1"; }

# -- 1. tools and the daemon ----------------------------------------------------------------------
missing=()
command -v dockerd >/dev/null || missing+=(docker.io)
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v docker-compose >/dev/null || missing+=(docker-compose)
if [ ${#missing[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || { echo "needs ${missing[*]} (Debian packages) and root" >&2 && exit 1; }
  step "installing ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
mkdir -p "$state/work"
own_daemon=
if ! docker info >/dev/null 2>&1; then
  step "starting dockerd (data in $state/docker)"
  # No iptables and no default bridge: the drill's networks are internal, reached from this host only.
  dockerd --iptables=false --bridge=none --data-root "$state/docker" --exec-root /run/sema-drill-docker \
    --pidfile /run/sema-drill-docker.pid -H "unix://$socket" >"$state/dockerd.log" 2>&1 &
  own_daemon=$!
  for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { echo "dockerd did not start: $state/dockerd.log" >&2 && exit 1; }
fi
compose() { docker-compose -p "$prefix" -f deploy/compose.yaml -f "$state/work/compose.drill.yaml" "$@"; }
cleanup() {
  set +e
  step "removing what the drill made"
  [ -f "$state/work/compose.drill.yaml" ] && compose down -v --remove-orphans >/dev/null 2>&1
  docker rm -f "$prefix-one" >/dev/null 2>&1
  docker network rm "$prefix-net" >/dev/null 2>&1
  docker volume rm "$prefix-models" "$prefix-data" >/dev/null 2>&1
  # The image's tags go; its build cache (the install layer: minutes to compile) stays in the
  # drill's own daemon unless --clean.
  docker image rm --no-prune "$image" sema:latest >/dev/null 2>&1
  if [ "$clean_all" = 1 ]; then
    docker image rm node:22-bookworm-slim haproxy:2.8 redis:7.4 local/debian:bookworm >/dev/null 2>&1
    docker image prune -af >/dev/null 2>&1
  fi
  if [ -n "$own_daemon" ]; then
    kill "$own_daemon" && wait "$own_daemon" 2>/dev/null
    [ "$clean_all" = 1 ] && rm -rf "$state/docker"
  fi
}
trap cleanup EXIT

# -- 2. stand-in bases ----------------------------------------------------------------------------
step "stand-in base images"
scripts/deploy-drill/bases.sh "$state/work"

# -- 3. the image ---------------------------------------------------------------------------------
step "building the image (docker build -f deploy/Dockerfile; output in $state/build.log)"
build_began=$(date +%s)
docker build --network host -f deploy/Dockerfile -t "$image" . >"$state/build.log" 2>&1 ||
  { tail -30 "$state/build.log" && exit 1; }
size=$(docker image inspect -f '{{.Size}}' "$image")
base=$(docker image inspect -f '{{.Size}}' node:22-bookworm-slim)
figure "build $(($(date +%s) - build_began)) s (load average $(cut -d' ' -f1-3 /proc/loadavg))"
figure "image $((size / 1000000)) MB, of which Sema's layers $(((size - base) / 1000000)) MB on the stand-in base"
check "better-sqlite3 (compiled from source where no prebuilt binary is reachable) loads" \
  docker run --rm --network none "$image" node -e "new (require('better-sqlite3'))(':memory:')"
check "no TypeScript, tsx or esbuild in the image" \
  docker run --rm --network none --entrypoint sh "$image" -c \
  '! ls -d node_modules/typescript node_modules/tsx node_modules/esbuild apps/server/src 2>/dev/null | grep -q .'

# -- 4. one container ---------------------------------------------------------------------------
docker network create --internal "$prefix-net" >/dev/null
run_one() {
  docker run -d --name "$prefix-one" --network "$prefix-net" \
    --read-only --cap-drop ALL --security-opt no-new-privileges --tmpfs /tmp:size=64m,mode=1777 \
    -v "$prefix-models:/models" -v "$prefix-data:/data" -v "$tiny:/fixtures/tiny-nllb:ro" \
    -e SEMA_TRANSLATION_MODEL=/fixtures/tiny-nllb -e SEMA_CHAT_PROVIDER=none \
    -e SEMA_SHUTDOWN_GRACE_SECONDS=20 "$image" >/dev/null
}
ip_of() { docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$1"; }
wait_healthy() { # container, seconds
  for _ in $(seq "$2"); do
    [ "$(docker inspect -f '{{.State.Health.Status}}' "$1")" = healthy ] && return 0
    sleep 1
  done
  docker logs "$1" 2>&1 | tail -20
  return 1
}
step "one container: --read-only, --cap-drop ALL, no-new-privileges, a 64 MB /tmp"
started_at=$(date +%s)
run_one
wait_healthy "$prefix-one" 180 || { echo "FAIL: never healthy" && exit 1; }
figure "healthy $(($(date +%s) - started_at)) s after docker run"
url="http://$(ip_of "$prefix-one"):3000"
translate() { curl -sf -m 30 -X POST "$1/api/v1/translate" -H 'content-type: application/json' \
  -d '{"text":"Hello world.","source_language":"eng_Latn","target_language":"fra_Latn"}'; }
for probe in /livez /readyz /readyz/translation; do check "GET $probe 200" curl -sf -m 5 "$url$probe"; done
check "the web app" sh -c "curl -sf -m 5 '$url/' | grep -qi '<html'"
check "a translation" sh -c "$(declare -f translate); translate '$url' | grep -q translated_text"
printf '# Drill\n\nHello there.\n\nA second paragraph.\n' >"$state/work/doc.md"
check "a document (Markdown)" sh -c "curl -sf -m 30 -X POST '$url/api/v1/translate/document' \
  -F target_language=fra_Latn -F source_language=eng_Latn -F file=@$state/work/doc.md | grep -q '^# '"
glossary=$(curl -sf -m 5 -X POST "$url/api/v1/glossaries" -H 'content-type: application/json' \
  -d '{"name":"drill","source_language":"eng_Latn","target_language":"fra_Latn","entries":{"village":"village"}}' |
  node -e 'process.stdin.on("data", (d) => console.log(JSON.parse(d).id))')
check "a stored glossary" test -n "$glossary"
check "no TypeScript loader running (tsx, esbuild)" sh -c "! docker top $prefix-one -eo args | grep -E 'tsx|esbuild'"
check "the root file system refuses writes" sh -c "! docker exec $prefix-one sh -c 'echo x > /app/x'"
figure "the container's /tmp after loading the tiny model: $(docker exec "$prefix-one" du -sh /tmp | cut -f1)"

step "docker stop with a document in flight"
node -e "let s='';for(let i=0;i<600;i++)s+='This is paragraph number '+i+' of the drill, with a few more words in it.\n\n';process.stdout.write(s)" >"$state/work/long.txt"
curl -s -m 60 -o "$state/work/long.out" -w '%{http_code}' -X POST "$url/api/v1/translate/document" \
  -F target_language=fra_Latn -F source_language=eng_Latn -F "file=@$state/work/long.txt" >"$state/work/long.status" &
upload=$!
sleep 1
in_flight=no
kill -0 "$upload" 2>/dev/null && in_flight=yes
stop_began=$(date +%s)
docker stop -t 40 "$prefix-one" >/dev/null
wait "$upload" || true
figure "docker stop took $(($(date +%s) - stop_began)) s (document still in flight when it began: $in_flight)"
check "the document in flight finished 200" test "$(cat "$state/work/long.status")" = 200
check "the server exited 0" test "$(docker inspect -f '{{.State.ExitCode}}' "$prefix-one")" = 0
docker rm "$prefix-one" >/dev/null

step "a new container on the same volumes"
run_one
wait_healthy "$prefix-one" 180 || { echo "FAIL: never healthy" && exit 1; }
url="http://$(ip_of "$prefix-one"):3000"
check "the glossary survived" curl -sf -m 5 "$url/api/v1/glossaries/$glossary"
docker rm -f "$prefix-one" >/dev/null
docker network rm "$prefix-net" >/dev/null

# -- 5. the Compose cluster -----------------------------------------------------------------------
if [ "$with_compose" = 1 ]; then
  step "the Compose cluster (deploy/compose.yaml, an override for this machine's network)"
  docker tag "$image" sema:latest
  # The override: an internal network (nothing leaves the machine), the tiny model mounted, and the
  # one-container hardening on every Sema node.
  {
    echo "x-drill: &drill"
    echo "  read_only: true"
    echo "  cap_drop: [ALL]"
    echo "  security_opt: ['no-new-privileges:true']"
    echo "  tmpfs: ['/tmp:size=64m,mode=1777']"
    echo "  volumes: ['$tiny:/fixtures/tiny-nllb:ro']"
    echo "services:"
    for service in api-1 api-2 api-3 inference-1 inference-2; do echo "  $service: *drill"; done
    echo "networks:"
    echo "  default:"
    echo "    internal: true"
  } >"$state/work/compose.drill.yaml"
  export REDIS_PASSWORD SEMA_SESSION_SECRET
  REDIS_PASSWORD=$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')
  SEMA_SESSION_SECRET=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
  export SEMA_TRANSLATION_MODEL=/fixtures/tiny-nllb SEMA_CHAT_PROVIDER=none SEMA_PUBLISH=127.0.0.1:
  up_began=$(date +%s)
  compose up -d --no-build >"$state/compose.log" 2>&1 || { cat "$state/compose.log" && exit 1; }
  container() { echo "${prefix}_$1_1"; }
  front="http://$(ip_of "$(container haproxy)"):8080"
  all_healthy() {
    for service in haproxy api-1 api-2 api-3 inference-1 inference-2 redis; do
      [ "$(docker inspect -f '{{.State.Health.Status}}' "$(container "$service")")" = healthy ] || return 1
    done
  }
  for _ in $(seq 240); do all_healthy && translate "$front" >/dev/null 2>&1 && break; sleep 1; done
  check "all seven services healthy, translating through HAProxy" all_healthy
  figure "cluster up and translating $(($(date +%s) - up_began)) s after docker-compose up"
  cluster_glossary=$(curl -sf -m 5 -X POST "$front/api/v1/glossaries" -H 'content-type: application/json' \
    -d '{"name":"drill","source_language":"eng_Latn","target_language":"fra_Latn","entries":{"village":"village"}}' |
    node -e 'process.stdin.on("data", (d) => console.log(JSON.parse(d).id))')
  step "load through HAProxy, 8 a second for 24 s; api-1 SIGKILLed at 6 s, inference-1 at 12 s"
  node scripts/deploy-drill/load.mjs "$front" --seconds 24 --concurrency 4 --rate 8 >"$state/work/load.json" &
  load=$!
  sleep 6 && docker kill -s KILL "$(container api-1)" >/dev/null
  sleep 6 && docker kill -s KILL "$(container inference-1)" >/dev/null
  wait "$load"
  cat "$state/work/load.json"
  figure "load: $(node -e 'const r=require(process.argv[1]);console.log(`${r.requests} requests, ${r.failed} failed`)' "$state/work/load.json")"
  check "no request lost with two containers killed" \
    node -e 'const r=require(process.argv[1]); process.exit(r.failed === 0 && r.ok > 0 ? 0 : 1)' "$state/work/load.json"
  step "docker-compose down, then up: the records are in Redis's volume"
  compose down >/dev/null 2>&1
  compose up -d --no-build >>"$state/compose.log" 2>&1
  front="http://$(ip_of "$(container haproxy)"):8080"
  for _ in $(seq 180); do translate "$front" >/dev/null 2>&1 && break; sleep 1; done
  check "the glossary kept across down and up" curl -sf -m 5 "$front/api/v1/glossaries/$cluster_glossary"
fi

echo
echo "figures (commit $(git rev-parse --short HEAD), load average $(cut -d' ' -f1-3 /proc/loadavg)):"
printf '  %s\n' "${figures[@]}"
figure "whole drill $(($(date +%s) - began)) s"
if [ "$failures" -gt 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed"
