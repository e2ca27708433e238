/**
 * The layers of the code base, checked by `npm run deps` (part of `npm run verify`):
 * no import cycles; benchmarks reach the server only through its entry points; in the web app, shared layers
 * (components/, lib/, hooks/, config/, languages/) import no feature and no app code, features import no app code and no
 * other feature (the conversation orchestrator excepted, through their public indexes); routes reach engines only through services; an engine's own folder is
 * private to it (engines share the modules beside them); the server's lib/ imports no service; the shared package
 * depends on nothing of the apps.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle makes the load order matter and the layers meaningless.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'features-use-public-indexes',
      comment:
        "A web feature uses another feature only through that feature's index.ts; shared pieces live in components/ or lib/.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-features-stand-alone',
      comment:
        'A web feature does not use another feature: what two features share lives in a shared layer. The one exception is features/conversation, the orchestrator of a turn (it sends a message through chat, translate or documents and saves it through saved-conversations), and it does so through their public index.ts.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/conversation/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-layers-stand-alone',
      comment:
        "The web app's shared layers (components/, lib/, hooks/, config/, and languages/: the language lists, pickers and names every feature shows) are used by features and the app: they import neither.",
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|hooks|config|languages)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-features-not-app',
      comment:
        'A web feature owns its model and rules; the app layer (routes, layouts, router) composes features, never the reverse.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-leaves-the-schema-builder-out',
      comment:
        "The web app takes only types from the shared API schemas: a value imported from a module that builds schemas brings TypeBox into its chunk (one constant once put 10 kB gzip on the home page's first screen: bench/results/HISTORY.md). Plain values live in schema-free modules (api/chat-prompt.ts, api/document-formats.ts, api/headers.ts).",
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^(packages/shared/src/api/(schemas|chat|documents|glossaries|translated-chat)\\.ts$|node_modules/@sinclair/typebox/)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'routes-use-services',
      comment: 'Routes depend on services (app.translation, app.chat …), never on an engine or a provider.',
      severity: 'error',
      from: { path: '^apps/server/src/routes/', pathNot: '\\.test\\.ts$' },
      to: { path: ['^apps/server/src/translation/engines/', '^apps/server/src/chat/.*-provider\\.ts$'] },
    },
    {
      name: 'protocols-leave-rules-to-use-cases',
      comment:
        'A route is a protocol: it decodes a request, calls a use case (app.textTranslation, app.documents, app.chat, app.detector …) and encodes the answer. Detection, the engines, the document adapters and the stores decide rules; a route may name their types, never call them.',
      severity: 'error',
      from: { path: '^apps/server/src/routes/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/(detection|translation|documents/adapters|glossaries/store|text-translation/(markup|glossary))',
        pathNot: '^apps/server/src/translation/served-languages\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'lib-stands-below-services',
      comment:
        "apps/server/src/lib/ holds helpers every layer may use; it imports no service's code (translation, documents, glossaries, text translation, detection, chat): what combines them is a service.",
      severity: 'error',
      from: { path: '^apps/server/src/lib/' },
      to: {
        path: '^apps/server/src/(translation|documents|glossaries|text-translation|detection|chat|inference)/',
      },
    },
    {
      name: 'shared-stands-alone',
      comment: 'packages/shared is the contract both apps read: it depends on nothing of theirs.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'benches-use-entry-points',
      comment:
        "Benchmarks drive the server over HTTP, or use a subsystem through its public entry point (an index.ts named in apps/server/package.json's exports).",
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^apps/', pathNot: ['/index\\.ts$'] },
    },
    {
      name: 'engines-keep-their-folders',
      comment:
        "An engine's own folder (seq2seq/, remote/, kserve/) is private to it: engines share only the modules beside them (endpoint-pool.ts, tokenizer/, model-source.ts, types.ts). registry.ts, which builds every engine, may see them all.",
      severity: 'error',
      from: {
        path: '^apps/server/src/translation/engines/([^/.]+)',
        pathNot: ['\\.test\\.ts$', '^apps/server/src/translation/engines/registry\\.ts$'],
      },
      to: {
        path: '^apps/server/src/translation/engines/(seq2seq|remote|kserve)/',
        pathNot: '^apps/server/src/translation/engines/$1/',
      },
    },
    {
      name: 'server-code-not-tests',
      comment: 'What the server runs never imports test helpers.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '\\.test\\.ts$|/testing/' },
      to: { path: ['^apps/server/test/', '/testing/'] },
    },
    {
      name: 'testkit-only-in-tests',
      comment: 'What the apps run never imports the test kit (it starts processes and kills them).',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/', pathNot: '\\.test\\.tsx?$|/testing/' },
      to: { path: '^packages/testkit/' },
    },
    {
      name: 'testkit-stands-alone',
      comment: 'The test kit starts the server as a process; it imports nothing of the apps.',
      severity: 'error',
      from: { path: '^packages/testkit/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'dist', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
