/**
 * The configuration, one TypeBox schema per section. The `Config` type, the reader (read.ts) and
 * docs/configuration.md (`npm run docs:config`) all come from here: add a setting here and nowhere
 * else. The translation engine and the chat provider are unions, one variant per choice with
 * exactly its settings, so a remote engine without a URL is refused at start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { MAX_TEXT_CHARS } from '@sema/shared/validation';
import {
  choice,
  ConfigError,
  discriminant,
  folder,
  httpUrl,
  httpUrlList,
  integer,
  offUnlessSet,
  optionalText,
  parsed,
  resolvePath,
  sqliteFile,
  text,
  type Env,
} from './fields.ts';
import { parsePairModels } from './pair-models.ts';
import {
  isModelUri,
  parseApiKeys,
  parseLanguageLimit,
  parseRateLimit,
  parseRedisUrl,
  parseTrustProxy,
} from './parsers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A SQLite file of the server's own, by default in the user's data folder. */
const dataFile = (env: string, name: string, options: { description: string }) =>
  sqliteFile(
    env,
    path.join(os.homedir(), '.local', 'share', 'sema', name),
    `~/.local/share/sema/${name}`,
    options,
  );

const SECOND = 1000;
const HOUR_MS = 3_600_000;

export const ServerSection = Type.Object(
  {
    port: integer('PORT', 3000, 0, 65535, { description: 'TCP port to listen on' }),
    host: text('HOST', '127.0.0.1', {
      description:
        'Address to listen on. The default, loopback, is reachable from this machine only; HOST=0.0.0.0 serves every interface (the container image and manifests set it)',
    }),
    logLevel: choice(
      'SEMA_LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'info',
      {
        description:
          'Log level. At info, only failures (5xx) and requests slower than 2 s get a line; at debug, every request',
      },
    ),
    logFormat: choice('SEMA_LOG_FORMAT', ['auto', 'pretty', 'json'], 'auto', {
      description:
        'How log lines look: auto writes readable lines on a terminal and JSON otherwise (to a file, a pipe, a log collector); pretty or json force one',
    }),
    webDist: folder('SEMA_WEB_DIST', path.join(repoRoot, 'apps/web/dist'), 'apps/web/dist', {
      description: 'The built web app, served with a history fallback when it exists',
    }),
    trustProxy: offUnlessSet(
      'SEMA_TRUST_PROXY',
      Type.Union([Type.Literal(false), Type.Integer(), Type.Array(Type.String())]),
      false,
      parseTrustProxy,
      {
        description:
          'Which proxies may tell the client address (X-Forwarded-For): a hop count, or addresses and networks such as 10.0.0.0/8,loopback. Off, a client could pick its own address for the rate limit',
        allowedText: 'a hop count, addresses/CIDRs, loopback, linklocal, uniquelocal',
      },
    ),
    drainDelaySeconds: integer('SEMA_DRAIN_DELAY_SECONDS', 0, 0, 600, {
      description:
        'After SIGTERM, seconds to go on serving while readiness already answers 503, so that balancers and Kubernetes stop sending before requests are refused (set it above their health-check interval)',
    }),
    shutdownGraceSeconds: integer('SEMA_SHUTDOWN_GRACE_SECONDS', 10, 0, 600, {
      description:
        'Seconds to finish in-flight requests once the server stops taking new ones (after SIGTERM and the drain delay)',
    }),
    redisUrl: Type.Optional(
      parsed('REDIS_URL', Type.String(), (raw) => parseRedisUrl(raw)!, {
        description:
          'redis:// or rediss:// URL: processes then share the translation cache and the rate-limit counters',
        defaultText: 'none (per process)',
        allowedText: 'redis://[:password@]host[:port][/db], rediss://…',
      }),
    ),
    redisCommandTimeoutMs: integer('SEMA_REDIS_COMMAND_TIMEOUT_MS', 250, 10, 60_000, {
      description:
        'Milliseconds a Redis command may take before this process gives up on it: the cache and counters carry on per process, glossaries answer 503 (raise it for a Redis on a slow or distant host)',
    }),
  },
  { title: 'Server' },
);

export const LimitsSection = Type.Object(
  {
    maxTextChars: integer('SEMA_MAX_TEXT_CHARS', MAX_TEXT_CHARS, 1, 1_000_000, {
      description: 'Most characters of one text to translate or detect',
    }),
    rateLimit: offUnlessSet(
      'SEMA_RATE_LIMIT',
      Type.Union([
        Type.Object({ max: Type.Integer(), windowMs: Type.Integer(), raw: Type.String() }),
        Type.Null(),
      ]),
      null,
      parseRateLimit,
      {
        description: 'Requests per client address, e.g. 60/minute (per second, minute, hour or day)',
        allowedText: 'or N/second, N/minute, N/hour, N/day',
      },
    ),
    maxChatsPerClient: integer('SEMA_MAX_CHATS_PER_CLIENT', 3, 1, 10_000, {
      description:
        'Chat answers one client (its API key, else its address) may have running at once (429 beyond)',
    }),
    maxDocumentsPerClient: integer('SEMA_MAX_DOCUMENTS_PER_CLIENT', 2, 1, 10_000, {
      description: 'Document translations one client may have running at once (429 beyond)',
    }),
  },
  { title: 'Limits' },
);

export const TimeoutsSection = Type.Object(
  {
    headersMs: integer('SEMA_HEADERS_TIMEOUT_MS', 20 * SECOND, 100, 600_000, {
      description: 'Time a client has to send the request headers (against clients that send them slowly)',
    }),
    requestMs: integer('SEMA_REQUEST_TIMEOUT_MS', 120 * SECOND, 100, HOUR_MS, {
      description: 'Time a client has to send the whole request (a 5 MB upload on a slow phone network fits)',
    }),
    idleMs: integer('SEMA_IDLE_TIMEOUT_MS', 300 * SECOND, 100, HOUR_MS, {
      description: 'An idle connection is closed after this',
    }),
    keepAliveMs: integer('SEMA_KEEP_ALIVE_TIMEOUT_MS', 72 * SECOND, 100, HOUR_MS, {
      description: 'Wait for the next request on a kept-alive connection',
    }),
    streamStallMs: integer('SEMA_STREAM_STALL_MS', 60 * SECOND, 100, HOUR_MS, {
      description: 'A streaming client that takes nothing for this long is disconnected',
    }),
  },
  { title: 'Timeouts' },
);

export const ModelsSection = Type.Object(
  {
    cache: folder('SEMA_MODEL_CACHE', path.join(os.homedir(), '.cache', 'sema'), '~/.cache/sema', {
      description: 'Where downloaded models (translation and local chat) are kept',
    }),
    hubUrl: Type.Optional(
      parsed('SEMA_HUB_URL', Type.String(), httpUrl, {
        description: 'A Hugging Face hub mirror to download models from',
        defaultText: 'huggingface.co',
        allowedText: 'http(s) URL',
      }),
    ),
    retrySeconds: integer('SEMA_MODEL_RETRY_SECONDS', 30, 1, 3600, {
      description: 'First wait before loading a failed model again; it doubles up to 15 minutes',
    }),
  },
  { title: 'Model downloads' },
);

/** Settings of the translation pipeline, whichever engine runs underneath. */
const TranslationPipeline = Type.Object({
  batchWindowMs: integer('SEMA_BATCH_WINDOW_MS', 5, 0, 1000, {
    description: 'How long a sentence waits for others to share its batch',
  }),
  maxBatchSize: integer('SEMA_MAX_BATCH_SIZE', 16, 1, 256, { description: 'Most sentences per batch' }),
  wholeSentences: choice('SEMA_WHOLE_SENTENCES', ['on', 'off'], 'on', {
    description:
      'on: a sentence with placeholders, tags, links or glossary terms goes to the model whole, with stand-ins checked on the way back (a sentence whose answer fails the check is translated cut, counted in /metrics); off: always cut around them',
  }),
  cacheSize: integer('SEMA_TRANSLATION_CACHE_SIZE', 10_000, 0, 10_000_000, {
    description: 'Translations kept in this process (0: none)',
  }),
  cacheTtlSeconds: integer('SEMA_TRANSLATION_CACHE_TTL_SECONDS', 7 * 86_400, 0, 365 * 86_400, {
    description:
      'How long a translation stays in the shared (Redis) cache; 0 keeps translations out of Redis',
  }),
  queueLimit: integer('SEMA_QUEUE_LIMIT', 256, 1, 100_000, {
    description: 'Sentences waiting for the engine before new work gets 503 OVERLOADED',
  }),
  batchMaxTexts: integer('SEMA_BATCH_MAX_TEXTS', 50, 1, 10_000, {
    description: 'POST /api/v1/translate/batch: most texts per request',
  }),
  batchMaxChars: integer('SEMA_BATCH_MAX_CHARS', 20_000, 1, 10_000_000, {
    description: 'POST /api/v1/translate/batch: most characters over all texts of a request',
  }),
  languages: parsed('SEMA_LANGUAGES', Type.Array(Type.String()), parseLanguageLimit, {
    description:
      'Limits the languages this server serves to these (the models may know more): the language lists, /status and the web app show only them, a request for another gets 422 naming this setting, and pair models outside them are not loaded',
    default: [],
    defaultText: 'every language the models serve',
    allowedText: 'catalogue codes or tags, comma-separated: eng_Latn,fra_Latn,swh_Latn',
  }),
});

const ENGINE = 'SEMA_TRANSLATION_ENGINE';

export const TranslationSection = Type.Union(
  [
    Type.Composite([
      Type.Object({
        engine: discriminant(
          ENGINE,
          'builtin',
          'The built-in engine: a translation model (NLLB-200, M2M-100, SMaLL-100 or OPUS-MT) in a child process of this server',
          'nllb',
        ),
        model: text('SEMA_TRANSLATION_MODEL', 'Xenova/nllb-200-distilled-600M', {
          description:
            'The main translation model: a hub id (downloaded on first start) or a local folder, of any family the engine runs (NLLB-200, M2M-100, SMaLL-100, OPUS-MT), told from its config.json. SEMA_NLLB_MODEL, the older name, is read when this is unset',
          envFallback: 'SEMA_NLLB_MODEL',
        }),
        dtype: choice(
          'SEMA_TRANSLATION_DTYPE',
          ['q8', 'fp32', 'fp16', 'int8', 'uint8', 'q4', 'bnb4', 'q4f16'],
          'q8',
          {
            description:
              'Which weights of the model to load. SEMA_NLLB_DTYPE, the older name, is read when this is unset',
            envFallback: 'SEMA_NLLB_DTYPE',
          },
        ),
        beams: integer('SEMA_TRANSLATION_BEAMS', 1, 1, 8, {
          description:
            'Beam width; 1 decodes greedily. SEMA_NLLB_BEAMS, the older name, is read when this is unset',
          envFallback: 'SEMA_NLLB_BEAMS',
        }),
        pairModels: parsed(
          'SEMA_PAIR_MODELS',
          Type.Array(Type.Object({ source: Type.String(), target: Type.String(), model: Type.String() })),
          parsePairModels,
          {
            description:
              'Pair models beside the main model, e.g. OPUS-MT: a pair with one is translated by it, every other pair by the main model. Each loads (or downloads on first start) in a model process of its own',
            default: [],
            defaultText: 'none',
            allowedText: 'SOURCE-TARGET=MODEL, comma-separated: eng_Latn-fra_Latn=Xenova/opus-mt-en-fr',
          },
        ),
        pivot: choice('SEMA_PIVOT', ['off', 'on'], 'off', {
          description:
            'Through English: a pair with no pair model goes source→English→target when pair models serve both legs (two small models beat one large), or when the main model does not serve the pair but can serve a leg',
        }),
        licences: choice('SEMA_MODEL_LICENCES', ['any', 'commercial'], 'any', {
          description:
            "Which model licences may translate. commercial: never a non-commercial model (NLLB-200's weights are CC-BY-NC-4.0), so pairs go to MIT or CC-BY models only, and the start log warns of each pair served far below the best published commercial model. Either way each pair goes to the best published quality among the models that serve it (docs/quality.md)",
        }),
        inferenceApi: choice('SEMA_INFERENCE_API', ['off', 'on', 'with-api'], 'off', {
          description:
            'Inference mode: serve the model over the Open Inference Protocol (KServe v2: /v2/health, /v2/models), token ids in and out, for API nodes running the kserve engine. on: an inference node, answering that protocol, the probes and /metrics only (no web app, no public API, no keys to ask); with-api: the web app and the public APIs as well',
        }),
        inferenceModelName: text('SEMA_INFERENCE_MODEL_NAME', 'nllb', {
          description: 'The model name clients of the inference mode ask for (/v2/models/{name})',
        }),
      }),
      TranslationPipeline,
    ]),
    Type.Composite([
      Type.Object({
        engine: discriminant(
          ENGINE,
          'remote',
          "Other full Sema servers' /api/v1 (inference nodes, SEMA_INFERENCE_API=on, are the kserve engine's)",
        ),
        remoteUrls: parsed('SEMA_TRANSLATION_URL', Type.Array(Type.String(), { minItems: 1 }), httpUrlList, {
          description:
            'Base URLs of other full Sema servers (their /api/v1; an inference node is reached with the kserve engine), comma-separated: round-robin, a failed batch tried once on the next',
          allowedText: 'http(s) URLs, comma-separated',
        }),
        remoteTimeoutMs: integer('SEMA_TRANSLATION_TIMEOUT_MS', 60 * SECOND, 100, HOUR_MS, {
          description: 'Time a remote server has to answer a batch',
        }),
      }),
      TranslationPipeline,
    ]),
    Type.Composite([
      Type.Object({
        engine: discriminant(
          ENGINE,
          'kserve',
          'Inference servers speaking the Open Inference Protocol (KServe v2): Triton with the CTranslate2 backend, or Sema in inference mode',
        ),
        kserveUrls: parsed('SEMA_KSERVE_URL', Type.Array(Type.String(), { minItems: 1 }), httpUrlList, {
          description:
            'Base URLs of the inference servers, comma-separated: spread round-robin over those up, a failed sequence tried on another',
          allowedText: 'http(s) URLs, comma-separated',
        }),
        kserveModel: text('SEMA_KSERVE_MODEL', 'nllb', {
          description:
            'The model name on the inference servers; part of the cache key, so name different models differently',
        }),
        kserveTokenizer: text('SEMA_KSERVE_TOKENIZER', 'Xenova/nllb-200-distilled-600M', {
          description:
            'The NLLB tokenizer this server tokenizes with: a hub id (only its tokenizer files are downloaded) or a local folder. All NLLB-200 sizes share one',
        }),
        kserveTimeoutMs: integer('SEMA_KSERVE_TIMEOUT_MS', 60 * SECOND, 100, HOUR_MS, {
          description: 'Time an inference server has to answer one sequence',
        }),
      }),
      TranslationPipeline,
    ]),
  ],
  {
    title: 'Translation engine',
    env: ENGINE,
    default: 'builtin',
    description:
      'Which engine translates: builtin (a model in a child process of this server, any family; nllb, the older name, still picks it), remote (other Sema servers) or kserve (Open Inference Protocol servers)',
  },
);

const PROVIDER = 'SEMA_CHAT_PROVIDER';

/** Settings of chat whichever provider answers. */
const ChatLimits = Type.Object({
  timeoutMs: integer('SEMA_CHAT_TIMEOUT_MS', 120 * SECOND, 100, HOUR_MS, {
    description: 'Time an answer may take in all',
  }),
  maxInputChars: integer('SEMA_CHAT_MAX_INPUT_CHARS', 32_000, 100, 10_000_000, {
    description:
      'Most characters of a chat turn the model sees: older turns past it are left out, a longer message is refused',
  }),
});

const chatKey = (description: string) =>
  Type.Optional(optionalText('SEMA_CHAT_API_KEY', { description, envFallback: 'HF_TOKEN' }));

export const ChatSection = Type.Union(
  [
    Type.Composite([
      Type.Object({
        provider: discriminant(PROVIDER, 'openai', 'Any OpenAI-compatible chat endpoint'),
        baseUrl: parsed('SEMA_CHAT_BASE_URL', Type.String(), httpUrl, {
          description: 'The endpoint (vLLM, Ollama, llama.cpp, the Hugging Face router …)',
          default: 'https://router.huggingface.co/v1',
          allowedText: 'http(s) URL',
        }),
        apiKey: chatKey('The provider key (HF_TOKEN is read when it is unset); it stays on the server'),
        model: text('SEMA_CHAT_MODEL', 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B', {
          description: 'Model name (a :provider suffix is passed on)',
        }),
      }),
      ChatLimits,
    ]),
    Type.Composite([
      Type.Object({
        provider: discriminant(PROVIDER, 'local', 'A small GGUF model run by this server'),
        localModel: parsed(
          'SEMA_CHAT_LOCAL_MODEL',
          Type.String(),
          // A file path is resolved where the user started; a URI is downloaded.
          (raw, _name, env) => (isModelUri(raw) ? raw : resolvePath(raw, env)),
          {
            description: 'GGUF path or hf: URI (downloaded at start)',
            default: 'hf:Qwen/Qwen2.5-0.5B-Instruct-GGUF/qwen2.5-0.5b-instruct-q4_k_m.gguf',
            allowedText: 'a file path, or hf:org/repo/file.gguf',
          },
        ),
        threads: integer('SEMA_CHAT_THREADS', os.availableParallelism(), 1, 1024, {
          description: 'CPU threads for the local model',
          defaultText: 'the core count',
        }),
        apiKey: chatKey('A hub token, for gated models (HF_TOKEN is read when it is unset)'),
      }),
      ChatLimits,
    ]),
    Type.Composite([
      Type.Object({
        provider: discriminant(PROVIDER, 'none', 'No chat: chat requests get 503 CHAT_NOT_CONFIGURED'),
      }),
      ChatLimits,
    ]),
  ],
  {
    title: 'Chat',
    env: PROVIDER,
    // A key or an endpoint means a hosted model was meant; otherwise the built-in local one.
    default: (env: Env) =>
      env.SEMA_CHAT_API_KEY?.trim() || env.HF_TOKEN?.trim() || env.SEMA_CHAT_BASE_URL?.trim()
        ? 'openai'
        : 'local',
    defaultText: 'openai if a key or base URL is set, else local',
    description: 'Who answers chat: openai (any compatible endpoint), local or none',
  },
);

export const DocumentsSection = Type.Object(
  {
    maxFileBytes: integer('SEMA_DOC_MAX_BYTES', 5 * 1024 * 1024, 1, 1024 * 1024 * 1024, {
      description: 'Largest document upload, in bytes',
    }),
    maxChars: integer('SEMA_DOC_MAX_CHARS', 1_000_000, 1, 100_000_000, {
      description:
        "Most characters of text in one document (a large project's catalogue holds several hundred thousand)",
    }),
  },
  { title: 'Documents' },
);

export const GlossariesSection = Type.Object(
  {
    file: dataFile('SEMA_GLOSSARY_DB', 'glossaries.sqlite', {
      description:
        'The SQLite file that keeps stored glossaries (with REDIS_URL set they are kept in Redis instead); :memory: keeps them until the server stops',
    }),
    maxTotal: integer('SEMA_MAX_GLOSSARIES', 1_000, 1, 1_000_000, {
      description:
        'Most stored glossaries on the server in all (409 GLOSSARY_LIMIT beyond, naming this setting)',
    }),
    maxPerOwner: integer('SEMA_MAX_GLOSSARIES_PER_OWNER', 100, 1, 1_000_000, {
      description:
        "Most stored glossaries one API key (or one web session's address) keeps (409 GLOSSARY_LIMIT beyond, naming this setting); a server without keys has only SEMA_MAX_GLOSSARIES",
    }),
  },
  { title: 'Glossaries' },
);

const ApiKeyList = Type.Array(
  Type.Object({ key: Type.String(), monthlyChars: Type.Union([Type.Integer(), Type.Null()]) }),
);

/** A secret long enough not to be guessed, and not the deploy files' placeholder. */
function secret(raw: string, name: string): string {
  if (/^replace[-_ ]?with/i.test(raw)) {
    throw new ConfigError(
      `${name} is still the placeholder of the deploy files: set it to a random value (openssl rand -hex 32)`,
    );
  }
  if (raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters (got ${raw.length})`);
  return raw;
}

function readKeysFile(raw: string, name: string, env: Env) {
  const file = resolvePath(raw, env);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  return parseApiKeys(text, name);
}

export const AccessSection = Type.Object(
  {
    apiKeys: parsed('SEMA_API_KEYS', ApiKeyList, parseApiKeys, {
      description:
        'API keys, comma-separated, each key or key:limit (characters per month, e.g. 500k). With keys, the APIs and the web app need one (visitors paste theirs on the Developer page; a keyless allowance is SEMA_WEB_ACCESS=session); without, Sema is free and open. The operator also makes, limits and revokes keys while the server runs (npm run keys, /api/v1/admin/keys)',
      default: [],
      defaultText: 'none (no key needed)',
      allowedText: 'key[:limit], …',
    }),
    apiKeysFile: parsed('SEMA_API_KEYS_FILE', ApiKeyList, readKeysFile, {
      description: 'A file of API keys, one key[:limit] a line (# starts a comment), added to SEMA_API_KEYS',
      default: [],
      defaultText: 'none',
      allowedText: 'a file path',
    }),
    usageFile: dataFile('SEMA_USAGE_DB', 'usage.sqlite', {
      description:
        "The SQLite file that keeps each API key's monthly usage (with REDIS_URL set it is kept in Redis instead); created when a key is first used; :memory: counts until the server stops",
    }),
    webAccess: choice('SEMA_WEB_ACCESS', ['key', 'session'], 'key', {
      description:
        "With API keys on, how this server's web app gets in: key (the default: no keyless path at all; a visitor pastes their key into the web app, which keeps it on their device) or session (a keyless allowance: the web app, or anyone who asks POST /api/v1/session, gets a signed token that lasts an hour, works only from the address it was given to, and spends that address's SEMA_WEB_MONTHLY_CHARS)",
    }),
    webMonthlyChars: integer('SEMA_WEB_MONTHLY_CHARS', 200_000, 1, 1_000_000_000_000, {
      description:
        "With API keys on and SEMA_WEB_ACCESS=session, the characters one client address may translate through session tokens per month (behind a proxy, set SEMA_TRUST_PROXY: otherwise every visitor has the proxy's address, and so one budget)",
    }),
    sessionSecret: Type.Optional(
      parsed('SEMA_SESSION_SECRET', Type.String(), secret, {
        description:
          'The secret that signs web session tokens. Unset, each process draws its own at start: tokens then end when it restarts and hold only on that process, so give every process behind one balancer the same secret',
        defaultText: 'random per process',
        allowedText: 'at least 32 characters',
      }),
    ),
    adminToken: Type.Optional(
      parsed('SEMA_ADMIN_TOKEN', Type.String(), secret, {
        description:
          "The operator's token: /metrics and the detailed /status (engine details, model paths, upstream errors, Redis) answer only to Authorization: Bearer <token>. Everyone else sees a plain state",
        defaultText: 'none (operator routes closed)',
        allowedText: 'at least 32 characters',
      }),
    ),
    operatorRoutes: choice('SEMA_OPERATOR_ROUTES', ['token', 'open'], 'token', {
      description:
        'token: /metrics and the detailed /status need SEMA_ADMIN_TOKEN; open: anyone who reaches the server gets them (a private network with its own guard)',
    }),
  },
  { title: 'Access' },
);

/**
 * Settings that are each valid but together say something the operator must hear at start: each
 * answers a sentence for the log, or undefined.
 */
export const CONFIG_ADVICE: readonly ((env: Env) => string | undefined)[] = [
  // Processes that share a Redis sit behind one balancer: a session token must hold on all of them.
  (env) =>
    env.REDIS_URL?.trim() && !env.SEMA_SESSION_SECRET?.trim() && env.SEMA_WEB_ACCESS?.trim() === 'session'
      ? "REDIS_URL is set but SEMA_SESSION_SECRET is not: this process signs the web app's session tokens with a random secret of its own, so with API keys on, a token is refused (401) by every other process sharing this Redis, and by this one after a restart. Give every process the same SEMA_SESSION_SECRET (openssl rand -hex 32)"
      : undefined,
];

/** The whole configuration. Server and limit settings sit at the top level; the rest by section. */
export const ConfigSchema = Type.Composite([
  ServerSection,
  LimitsSection,
  Type.Object({
    timeouts: TimeoutsSection,
    models: ModelsSection,
    translation: TranslationSection,
    chat: ChatSection,
    documents: DocumentsSection,
    glossaries: GlossariesSection,
    access: AccessSection,
  }),
]);

export type Config = Static<typeof ConfigSchema>;

/**
 * False on an inference node (SEMA_INFERENCE_API=on): it answers the Open Inference Protocol, the
 * probes and /metrics, and neither the web app nor any public API.
 */
export const servesPublicApi = (config: Config): boolean =>
  config.translation.engine !== 'builtin' || config.translation.inferenceApi !== 'on';

/** The sections in the order the docs list them. */
export const SECTIONS = [
  ServerSection,
  LimitsSection,
  TimeoutsSection,
  ModelsSection,
  TranslationSection,
  ChatSection,
  DocumentsSection,
  GlossariesSection,
  AccessSection,
] as const;
