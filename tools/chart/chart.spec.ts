import path from 'node:path';
import Ajv from 'ajv';
import { getMetadataStorage } from 'class-validator';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { Pod } from 'kubernetes-models/v1/Pod';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { TemplateFailure } from './go-template';
import {
  CHART_DIR,
  chartDefaults,
  mergeValues,
  readValuesFile,
  type RenderedObject,
  renderChart,
  type Values,
} from './render-chart';

// The chart rendered as `helm template` would (see go-template.ts for what the renderer covers), every object
// validated against the Kubernetes API schemas of kubernetes-models, and the environment each Deployment gets
// checked against the config class of the service it runs, so chart and code cannot drift apart.

const REPO_ROOT = path.resolve(__dirname, '../..');
const DATABASE = { database: { existingSecret: 'webharvest-db' } };
const PRODUCTION = readValuesFile('ci/production-values.yaml');

/** The config class each service validates its environment with. */
const CONFIG_CLASSES: Record<string, [file: string, exportName: string]> = {
  'api-gateway': ['apps/api-gateway/src/gateway.config.ts', 'GatewayConfig'],
  'scrape-worker': ['apps/scrape-worker/src/scrape-worker.config.ts', 'ScrapeWorkerConfig'],
  'crawl-scheduler': ['apps/crawl-scheduler/src/crawl-scheduler.config.ts', 'CrawlSchedulerConfig'],
  'browser-session-manager': [
    'apps/browser-session-manager/src/browser-session-manager.config.ts',
    'BrowserSessionManagerConfig',
  ],
  'extract-service': ['apps/extract-service/src/extract-service.config.ts', 'ExtractServiceConfig'],
  'billing-service': ['apps/billing-service/src/billing.config.ts', 'BillingConfig'],
};

/**
 * Settings the chart leaves at the service's default on purpose (tuning, development switches, Firecrawl's
 * alternative names) or sets only with some values (ADBLOCK_CACHE_DIR with extra lists, LLM_API_KEY with a Secret);
 * `services.<name>.env` sets any of them. A new setting in a config class fails this test until it is either set by
 * the chart or listed here.
 */
const LEFT_AT_DEFAULT: Record<string, string[]> = {
  'api-gateway': [
    'AUTH_DISABLED',
    'AUTH_CACHE_TTL_MS',
    'CREDITS_CACHE_TTL_MS',
    'MAX_REQUESTS_IN_FLIGHT',
    'TEAM_RATE_FLOOR_PER_SECOND',
    'MAX_REQUEST_BODY_BYTES',
    'PARSE_MAX_BYTES',
    'HTTP_KEEP_ALIVE_TIMEOUT_MS',
  ],
  'scrape-worker': [
    'SCRAPE_CONCURRENCY',
    'DIRECT_SCRAPE_CONCURRENCY',
    'DIRECT_SCRAPE_RESULTS_MAX_MB',
    'PARSE_CONCURRENCY',
    'CONVERSION_THREADS',
    'CONVERSION_YOUNG_GENERATION_MB',
    'MAX_RESPONSE_BYTES',
    'USER_AGENT',
    'HOST_RESOLVER_RULES',
    'CHROMIUM_PATH',
    'BROWSER_MAX_PAGES',
    'BROWSER_RECYCLE_PAGES',
    'BROWSER_CONTEXT_REUSES',
    'BROWSER_MAX_MEMORY_MB',
    'BROWSER_DEVTOOLS_PORT',
    'FILE_TTL_MS',
    'ADBLOCK_CACHE_DIR',
  ],
  'crawl-scheduler': [
    'DISPATCH_INTERVAL_MS',
    'IDLE_DISPATCH_INTERVAL_MS',
    'STALE_DISPATCH_MS',
    'DOCUMENT_RETENTION_HOURS',
    'WEBHOOK_RETRY_DELAYS_MS',
    'WEBHOOK_TIMEOUT_MS',
  ],
  'browser-session-manager': [
    // Read only without STORAGE_URL, which the chart always sets.
    'BROWSER_PROFILE_DIR',
    'CHROMIUM_PATH',
    'BROWSER_MAX_SESSIONS',
    'BROWSER_WARM_POOL_SIZE',
    'BROWSER_MIN_FREE_MEMORY_MB',
    'BROWSER_DATA_DIR',
    'BROWSER_HEARTBEAT_MS',
  ],
  'extract-service': [
    'LLM_API_KEY',
    'OPENAI_BASE_URL',
    'OPENAI_API_KEY',
    'MODEL_NAME',
    'OLLAMA_BASE_URL',
    'LLM_MAX_CHUNKS',
    'LLM_CACHE_TTL_MS',
    'LLM_CACHE_SWEEP_INTERVAL_MS',
    'LLM_CACHE_SWEEP_BATCH',
  ],
  'billing-service': ['USAGE_BATCH_WINDOW_MS', 'USAGE_BATCH_SIZE'],
};

/** Variables the chart sets that no config class reads: the container's own and the AWS SDK's credential chain. */
const NOT_CONFIG = new Set(['SERVICE', 'POD_IP', 'HOME', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']);

/** Stand-ins for what Secrets and the downward API hold in a cluster. */
const FROM_SECRETS: Record<string, string> = {
  DATABASE_URL: 'postgres://webharvest:secret@postgres.db.svc:5432/webharvest',
  LLM_API_KEY: 'sk-from-a-secret',
  SEARCH_URL: 'http://user:password@searxng.search.svc:8080',
  PROXY_BASIC: 'http://user:password@proxy.example:3128',
  PROXY_ENHANCED: 'http://user:password@residential.example:3128',
  PROXY_BY_COUNTRY: 'DE=http://de.proxy.example:3128',
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'secret',
};

type ConfigClass = new () => object;
interface ConfigLibrary {
  loadConfig(schema: ConfigClass, env: NodeJS.ProcessEnv): object;
}

// Apps and platform libraries are not the tooling project's dependencies (module boundaries): this check reads
// them as the services do, by path, and only in this test.
function load<T>(relative: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(REPO_ROOT, relative)) as T;
}
const { loadConfig } = load<ConfigLibrary>('libs/platform/config/src/load-config.ts');

function configClassOf(service: string): ConfigClass {
  const [file, exportName] = CONFIG_CLASSES[service] ?? [];
  if (!file || !exportName) throw new Error(`no config class known for ${service}`);
  return load<Record<string, ConfigClass>>(file)[exportName];
}

function settingsOf(configClass: ConfigClass): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(configClass, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))].sort();
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string }; fieldRef?: { fieldPath: string } };
}
interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  ports?: Array<{ name: string; containerPort: number }>;
  securityContext?: Record<string, unknown>;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
  readinessProbe?: { httpGet: { port: number } };
}
interface PodSpec {
  containers: Container[];
  securityContext?: Record<string, unknown>;
  volumes?: Array<{ name: string }>;
}

function deployments(objects: RenderedObject[]): Map<string, { object: RenderedObject; container: Container }> {
  const found = new Map<string, { object: RenderedObject; container: Container }>();
  for (const object of objects.filter((candidate) => candidate.kind === 'Deployment')) {
    const spec = object.spec as { template: { spec: PodSpec } };
    const container = spec.template.spec.containers[0];
    const service = container.env?.find((variable) => variable.name === 'SERVICE')?.value;
    if (!service) throw new Error(`${object.metadata.name} names no SERVICE`);
    found.set(service, { object, container });
  }
  return found;
}

/** The environment a container starts with, Secrets read as `secrets` holds them and `$(VAR)` expanded. */
function resolvedEnv(container: Container, secrets: Map<string, Record<string, string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) {
      env[variable.name] = variable.value.replace(/\$\(([A-Z_][A-Z0-9_]*)\)/g, (reference, name: string) => {
        // Kubernetes expands only variables defined earlier in the list; anything else stays as written.
        if (env[name] === undefined) throw new Error(`${variable.name} refers to ${reference}, not defined before it`);
        return env[name];
      });
    } else if (variable.valueFrom?.fieldRef) {
      env[variable.name] = '10.1.2.3';
    } else if (variable.valueFrom?.secretKeyRef) {
      const { name, key } = variable.valueFrom.secretKeyRef;
      const value = secrets.get(name)?.[key] ?? FROM_SECRETS[variable.name];
      if (value === undefined) throw new Error(`no stand-in for ${variable.name} from Secret ${name}`);
      env[variable.name] = value;
    }
  }
  return env;
}

function chartSecrets(objects: RenderedObject[]): Map<string, Record<string, string>> {
  const secrets = new Map<string, Record<string, string>>();
  for (const object of objects.filter((candidate) => candidate.kind === 'Secret')) {
    const data = (object.data ?? {}) as Record<string, string>;
    const stringData = (object.stringData ?? {}) as Record<string, string>;
    secrets.set(object.metadata.name, {
      ...Object.fromEntries(Object.entries(data).map(([key, value]) => [key, Buffer.from(value, 'base64').toString()])),
      ...stringData,
    });
  }
  return secrets;
}

function validateAgainstKubernetes(object: RenderedObject): void {
  const models: Record<string, new (data: never) => { validate(): void }> = {
    'apps/v1/Deployment': Deployment,
    'batch/v1/Job': Job,
    'networking.k8s.io/v1/Ingress': Ingress,
    'v1/Pod': Pod,
    'v1/Secret': Secret,
    'v1/Service': Service,
  };
  const model = models[`${object.apiVersion}/${object.kind}`];
  if (!model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  new model(object as never).validate();
}

const SETS: Array<[string, Values]> = [
  ['the default values', DATABASE],
  ['the production-like values (ci/production-values.yaml)', PRODUCTION],
];

describe.each(SETS)('the chart rendered with %s', (_name, values) => {
  const { objects, files } = renderChart(values);
  const byService = deployments(objects);
  const secrets = chartSecrets(objects);

  it('renders objects that the Kubernetes API schemas accept, each name once per kind', () => {
    expect(objects.length).toBeGreaterThan(0);
    // Custom resources (KEDA, the Prometheus Operator) have no schema in kubernetes-models; their own tests below.
    for (const object of objects.filter((candidate) => !['ScaledObject', 'ServiceMonitor'].includes(candidate.kind))) {
      expect(() => validateAgainstKubernetes(object)).not.toThrow();
    }
    const identities = objects.map((object) => `${object.kind}/${object.metadata.name}`);
    expect(new Set(identities).size).toBe(identities.length);
    expect(files['NOTES.txt']).toContain('WebHarvest');
  });

  it('runs one Deployment per service, non-root, on a read-only root filesystem with /tmp writable', () => {
    expect([...byService.keys()].sort()).toEqual(Object.keys(CONFIG_CLASSES).sort());
    for (const { object, container } of byService.values()) {
      const pod = (object.spec as { template: { spec: PodSpec } }).template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
      expect(container.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
      });
      expect(container.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      const names = new Set((pod.volumes ?? []).map((volume) => volume.name));
      for (const mount of container.volumeMounts ?? []) expect(names).toContain(mount.name);
    }
  });

  it.each(Object.keys(CONFIG_CLASSES))('gives %s an environment its config class accepts', (service) => {
    const entry = byService.get(service);
    if (!entry) throw new Error(`${service} is not deployed`);
    const env = resolvedEnv(entry.container, secrets);
    const configClass = configClassOf(service);
    const config = loadConfig(configClass, env) as Record<string, unknown>;
    const port = entry.container.ports?.[0]?.containerPort;
    expect(config.HTTP_PORT).toBe(port);
    expect(entry.container.readinessProbe?.httpGet.port).toBe(port);

    const known = new Set(settingsOf(configClass));
    const unread = Object.keys(env).filter((name) => !known.has(name) && !NOT_CONFIG.has(name));
    expect(unread).toEqual([]);
    const undecided = [...known].filter((name) => !(name in env) && !LEFT_AT_DEFAULT[service]?.includes(name));
    expect(undecided).toEqual([]);
    const stale = (LEFT_AT_DEFAULT[service] ?? []).filter((name) => !known.has(name));
    expect(stale).toEqual([]);
  });

  it('gives the gateway a files key of at least 32 characters, and the same storage to every service that keeps files', () => {
    const gateway = byService.get('api-gateway');
    if (!gateway) throw new Error('no gateway');
    expect(resolvedEnv(gateway.container, secrets).FILES_URL_SECRET?.length).toBeGreaterThanOrEqual(32);
    const storage = ['api-gateway', 'scrape-worker', 'browser-session-manager'].map((service) => {
      const entry = byService.get(service);
      return entry ? resolvedEnv(entry.container, secrets).STORAGE_URL : undefined;
    });
    expect(new Set(storage).size).toBe(1);
  });

  it('routes every Service to a Deployment port of its name, and the Ingress and the test to the gateway Service', () => {
    const services = objects.filter((object) => object.kind === 'Service');
    for (const service of services) {
      const spec = service.spec as { selector: Record<string, string>; ports: Array<{ targetPort: string }> };
      const target = [...byService.values()].find(({ object }) => {
        const labels = (object.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata
          .labels;
        return Object.entries(spec.selector).every(([key, value]) => labels[key] === value);
      });
      expect(target?.container.ports?.map((port) => port.name)).toContain(spec.ports[0]?.targetPort);
    }
    const gatewayService = 'webharvest-api-gateway';
    expect(services.map((service) => service.metadata.name)).toContain(gatewayService);
    const test = objects.find((object) => object.metadata.annotations?.['helm.sh/hook'] === 'test');
    const testEnv = (test?.spec as PodSpec | undefined)?.containers[0]?.env ?? [];
    expect(testEnv.find((variable) => variable.name === 'API_URL')?.value).toBe(`http://${gatewayService}:80`);
    for (const ingress of objects.filter((object) => object.kind === 'Ingress')) {
      expect(JSON.stringify(ingress.spec)).toContain(`"name":"${gatewayService}"`);
    }
  });
});

describe('the production-like install', () => {
  const { objects } = renderChart(PRODUCTION);
  const byService = deployments(objects);

  it('leaves scrape-worker replicas to KEDA, scaling on both queues and the consumers the services create', () => {
    const worker = byService.get('scrape-worker')?.object.spec as { replicas?: number };
    expect(worker.replicas).toBeUndefined();
    const scaled = objects.find((object) => object.kind === 'ScaledObject');
    expect(scaled?.spec).toMatchObject({
      scaleTargetRef: { name: 'webharvest-scrape-worker' },
      minReplicaCount: 2,
      maxReplicaCount: 20,
      triggers: [
        { type: 'nats-jetstream', metadata: { stream: 'WH_SCRAPE_JOBS', consumer: 'wh-scrape-worker-jobs' } },
        {
          type: 'nats-jetstream',
          metadata: { stream: 'WH_DIRECT_SCRAPE_JOBS', consumer: 'wh-scrape-worker-direct-jobs' },
        },
      ],
    });
    const triggers = (scaled?.spec as { triggers: { metadata: Record<string, string> }[] }).triggers;
    // Both queues scale with the same thresholds, read from the same monitoring endpoint.
    expect(
      new Set(triggers.map(({ metadata: { stream: _, consumer: __, ...shared } }) => JSON.stringify(shared))).size,
    ).toBe(1);
  });

  it('replicates every stream and bucket the services create to three NATS nodes', () => {
    for (const { container } of byService.values()) {
      expect(container.env?.find((variable) => variable.name === 'NATS_REPLICAS')?.value).toBe('3');
    }
  });

  it("has Prometheus scrape /metrics on every service's named port, selected by the chart's labels", () => {
    const monitor = objects.find((object) => object.kind === 'ServiceMonitor');
    expect(monitor?.metadata.labels).toMatchObject({ release: 'kube-prometheus-stack' });
    expect(monitor?.spec).toMatchObject({
      selector: { matchLabels: { 'app.kubernetes.io/instance': expect.any(String) } },
      endpoints: [
        { port: 'http', path: '/metrics' },
        { port: 'health', path: '/metrics' },
      ],
    });
    const servicePorts = objects
      .filter((object) => object.kind === 'Service')
      .flatMap((service) => ((service.spec as { ports: { name: string }[] }).ports ?? []).map((port) => port.name));
    expect(servicePorts).toEqual(expect.arrayContaining(['http', 'health']));
  });

  it('keeps files and profiles in the bucket with credentials from a Secret, and proxies, model key and lists from theirs', () => {
    const env = (service: string) => byService.get(service)?.container.env ?? [];
    expect(env('api-gateway')).toContainEqual({
      name: 'STORAGE_URL',
      value:
        's3://webharvest-files/production?region=eu-central-1&forcePathStyle=true&endpoint=https://minio.storage.svc:9000',
    });
    expect(env('browser-session-manager').map((variable) => variable.name)).toEqual(
      expect.arrayContaining(['STORAGE_URL', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']),
    );
    expect(env('scrape-worker')).toContainEqual({
      name: 'PROXY_ENHANCED',
      valueFrom: { secretKeyRef: { name: 'webharvest-proxies', key: 'PROXY_ENHANCED', optional: true } },
    });
    expect(env('scrape-worker')).toContainEqual({
      name: 'ADBLOCK_LISTS',
      value: 'default,/etc/webharvest/filter-lists/company-rules.txt',
    });
    expect(env('extract-service')).toContainEqual({
      name: 'LLM_API_KEY',
      valueFrom: { secretKeyRef: { name: 'webharvest-llm', key: 'LLM_API_KEY' } },
    });
  });

  it('gives CDP WebSockets an hour through the Ingress', () => {
    const ingress = objects.find((object) => object.kind === 'Ingress');
    expect(ingress?.metadata.annotations).toMatchObject({
      'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
      'nginx.ingress.kubernetes.io/proxy-send-timeout': '3600',
    });
  });
});

describe('the files key Secret', () => {
  const name = 'webharvest-files-url';
  const keyOf = (objects: RenderedObject[]) =>
    (objects.find((object) => object.metadata.name === name)?.data as Record<string, string> | undefined)
      ?.FILES_URL_SECRET;

  it('is generated at install, kept on upgrade (what lookup finds), and survives uninstall', () => {
    const installed = renderChart(DATABASE).objects;
    const generated = keyOf(installed);
    expect(Buffer.from(generated ?? '', 'base64').toString()).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(installed.find((object) => object.metadata.name === name)?.metadata.annotations).toMatchObject({
      'helm.sh/resource-policy': 'keep',
    });
    const cluster = new Map<string, unknown>([
      [`v1/Secret/webharvest/${name}`, { data: { FILES_URL_SECRET: generated } }],
    ]);
    expect(keyOf(renderChart(DATABASE, { isUpgrade: true }, { cluster }).objects)).toBe(generated);
    expect(keyOf(renderChart(DATABASE).objects)).not.toBe(generated);
  });

  it('is not made when the values name a Secret of their own', () => {
    const { objects } = renderChart(mergeValues(DATABASE, { filesUrlSecret: { existingSecret: 'my-files-key' } }));
    expect(keyOf(objects)).toBeUndefined();
    const gateway = deployments(objects).get('api-gateway')?.container.env ?? [];
    expect(gateway).toContainEqual({
      name: 'FILES_URL_SECRET',
      valueFrom: { secretKeyRef: { name: 'my-files-key', key: 'FILES_URL_SECRET' } },
    });
  });
});

describe('values.schema.json', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const schema = require(path.join(CHART_DIR, 'values.schema.json')) as object;
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  const withDefaults = (values: Values) => mergeValues(chartDefaults(), values);

  it.each(SETS)('accepts %s', (_name, values) => {
    expect(validate(withDefaults(values)) ? [] : validate.errors).toEqual([]);
  });

  it.each([
    ['two gateways', { services: { 'api-gateway': { replicas: 2 } } }],
    ['two scrape-workers', { services: { 'scrape-worker': { replicas: 2 } } }],
    ['two browser-session-managers', { services: { 'browser-session-manager': { replicas: 2 } } }],
    ['KEDA', { keda: { enabled: true } }],
  ])('refuses %s on folder storage, and accepts them on S3', (_name, values) => {
    expect(validate(withDefaults(mergeValues(DATABASE, values)))).toBe(false);
    const onS3 = mergeValues(DATABASE, mergeValues(values, { storage: { type: 's3', s3: { bucket: 'files' } } }));
    expect(validate(withDefaults(onS3)) ? [] : validate.errors).toEqual([]);
  });

  it.each([
    ['no database', {}],
    ['S3 without a bucket', mergeValues(DATABASE, { storage: { type: 's3' } })],
    ['an LLM without a model', mergeValues(DATABASE, { llm: { baseUrl: 'http://vllm:8000/v1' } })],
    ['extra filter lists without their ConfigMap', mergeValues(DATABASE, { filterLists: { extra: ['a.txt'] } })],
    ['a misspelt service setting', mergeValues(DATABASE, { services: { 'api-gateway': { replica: 2 } } })],
    ['an unknown storage type', mergeValues(DATABASE, { storage: { type: 'nfs' } })],
    ['no NATS replicas', mergeValues(DATABASE, { nats: { replicas: 0 } })],
  ])('refuses %s', (_name, values) => {
    expect(validate(withDefaults(values))).toBe(false);
  });
});

describe('the chart refuses at render time', () => {
  it('values without a database, as helm template would', () => {
    expect(() => renderChart({})).toThrow(TemplateFailure);
  });
});
