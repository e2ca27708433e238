/**
 * LibreTranslate's API at the server's root, so that its clients (Weblate, SubtitleEdit, browser
 * extensions, the `libretranslate` and `translate` npm packages …) work by changing one URL. Same
 * paths, bodies (JSON, form-urlencoded as Weblate sends, multipart), answers and `{error}` bodies
 * with LibreTranslate's statuses; the work is done by the same services as our own API.
 */
import type { TObject } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { DOCUMENT_ACCEPT } from '@sema/shared/api/documents';
import { AUTO } from '@sema/shared/validation';
import { clientGoneSignal } from '../../../lib/http/client-gone.ts';
import { acceptFormBodies, formFields, type FormFields } from '../../../lib/http/form-body.ts';
import { acceptUploads, uploadOf } from '../../../lib/http/upload.ts';
import { answerInProtocolShape, CompatError } from '../compat-errors.ts';
import { ltCodes, ltLanguage, ltTag } from './languages.ts';
import { DetectBody, ltInvalidRequest, TranslateBody, TranslateFileFields } from './schemas.ts';
import { libretranslateSpec } from './spec.ts';
import type { TextRefusal } from '../../../text-translation/refusals.ts';
import type { TextTranslation } from '../../../text-translation/service.ts';
import { FULL_CATALOGUE, type ServedCatalogue } from '../../../translation/served-languages.ts';

/** LibreTranslate's words for the text limits and alternatives; other refusals are told with its field names. */
function ltWords(refusal: TextRefusal, detail: string): string {
  switch (refusal.kind) {
    // LibreTranslate's words for a batch over its limit, which Dialect tells apart by "exceeds text limit".
    case 'too-many-texts':
      return `Invalid request: request (${refusal.count}) exceeds text limit (${refusal.limit})`;
    case 'too-long':
      return `Invalid request: request (${refusal.length}) exceeds text limit (${refusal.limit})`;
    case 'too-long-in-all':
      return `Invalid request: request (${refusal.total}) exceeds text limit (${refusal.limit})`;
    case 'alternatives-range':
      return `Invalid request: alternatives must be a whole number from 0 to ${refusal.limit}`;
    default:
      return `Invalid request: ${detail}`;
  }
}

/**
 * A request without a key, in the words of LibreTranslate 1.0–1.2, which Dialect compares its
 * errors with to tell the user a key is needed (LibreTranslate 1.3 on says "get" for "obtain", a
 * text no client looks for).
 */
const KEY_REQUIRED = 'Please contact the server operator to obtain an API key';

/**
 * LibreTranslate answers errors as `{error}` with 400, 403, 429 or 500; we add 503 for unavailable.
 * A spent monthly budget is its 403 (what it answers a key it will not serve), not a 429: its
 * clients wait and retry a 429, which cannot succeed this month.
 */
function ltStatus(status: number, code?: string): number {
  if (status === 401 || code === 'QUOTA_EXCEEDED') return 403;
  if (status === 403 || status === 429) return status;
  // Unavailable is not a bug: 503 (with Retry-After), as on every other surface; clients of
  // LibreTranslate treat any non-200 as a failure with the `error` text.
  if (status === 503) return 503;
  return status >= 500 ? 500 : 400;
}

type Fields = FormFields;

function text(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  return typeof value === 'string' ? value : undefined;
}

/** A LibreTranslate code (`en`, `zh-Hans`, `zt`, `pb`, `auto`) as a catalogue code. */
function languageOf(fields: Fields, name: 'source' | 'target'): string {
  const raw = text(fields, name)?.trim();
  if (!raw) throw new CompatError(400, `Invalid request: missing ${name} parameter`);
  if (name === 'source' && raw === AUTO) return AUTO;
  const language = ltLanguage(raw);
  if (!language) throw new CompatError(400, `${raw} is not supported`);
  return language.code;
}

/**
 * Languages, as LibreTranslate lists them: each language the server serves, under each code
 * LibreTranslate's clients may look for it by, with the targets it translates into (every other
 * one for NLLB-200; a pair model's target only beside the main model's; none for a language only
 * written).
 */
function languageList({ all, targetsOf }: ServedCatalogue): Buffer {
  const codes = new Map<readonly unknown[], string[]>();
  const list = all.flatMap((language) => {
    const targets = targetsOf(language.code);
    // Most sources share one list: turn it into codes once.
    if (!codes.has(targets))
      codes.set(
        targets,
        targets.flatMap((target) => ltCodes(target.code)),
      );
    return ltCodes(language.code).map((code) => ({
      code,
      name: language.name,
      targets: codes.get(targets)!,
    }));
  });
  return Buffer.from(JSON.stringify(list));
}

export default async function libretranslate(app: FastifyInstance): Promise<void> {
  const { maxTextChars } = app.textTranslation.limits;
  // Computed again only when the model's languages change (once, when a model of another family loads).
  let languages = { for: FULL_CATALOGUE, body: languageList(FULL_CATALOGUE) };
  const languagesBody = () => {
    const served = app.translation.servedLanguages();
    if (languages.for !== served) languages = { for: served, body: languageList(served) };
    return languages.body;
  };

  // Forms as Weblate and SubtitleEdit send them; `q` may be repeated.
  acceptFormBodies(app);
  await acceptUploads(app, { maxFileBytes: app.documents.limits.maxFileBytes });

  answerInProtocolShape(app, {
    status: ltStatus,
    body: ({ message, code }) => ({ error: code === 'API_KEY_REQUIRED' ? KEY_REQUIRED : message }),
    invalid: 'Invalid request',
    name: 'LibreTranslate',
    fields: {
      texts: 'q',
      source: 'source',
      glossaryId: 'glossary_id',
      glossary: 'glossary',
      alternatives: 'alternatives',
    },
    words: ltWords,
    invalidRequest: ltInvalidRequest,
  });

  // Hidden from /api/v1's OpenAPI: this surface's own document is /spec.
  const schema = { hide: true };
  const work = (body: TObject) => ({ schema: { ...schema, body }, config: { policy: 'work' } }) as const;
  const open = { schema, config: { policy: 'open' } } as const;

  app.post('/translate', work(TranslateBody), async (request, reply) => {
    const fields = formFields(request);
    const q = fields.q;
    const texts = Array.isArray(q) ? q : typeof q === 'string' ? [q] : undefined;
    if (!texts || (typeof q === 'string' && !q.trim()) || texts.length === 0) {
      throw new CompatError(400, 'Invalid request: missing q parameter');
    }
    if (!texts.every((item): item is string => typeof item === 'string')) {
      throw new CompatError(400, 'Invalid request: q must be a string or a list of strings');
    }
    const format = text(fields, 'format') ?? 'text';
    if (format !== 'text' && format !== 'html') {
      throw new CompatError(400, `Invalid request: format must be text or html, not ${format}`);
    }
    const target = languageOf(fields, 'target');
    const source = languageOf(fields, 'source');
    const asked = Number(fields.alternatives ?? 0);
    const single = !Array.isArray(q);
    const prepared = await app.textTranslation.prepare({
      texts: single ? texts[0]! : texts,
      source,
      target,
      markup: { format },
      alternatives: asked,
      meter: app.apiKeys.meter(request),
    });
    const results = await prepared.run(clientGoneSignal(reply));

    const pick = <T>(each: (result: TextTranslation) => T) =>
      single ? each(results[0]!) : results.map(each);
    return {
      translatedText: pick((result) => result.text),
      ...(source === AUTO
        ? {
            detectedLanguage: pick((result) => ({
              language: ltTag(result.source),
              confidence: Math.round(result.confidence * 100),
            })),
          }
        : {}),
      ...(asked > 0 ? { alternatives: pick((result) => result.alternatives ?? []) } : {}),
    };
  });

  app.post('/detect', work(DetectBody), async (request) => {
    const q = text(formFields(request), 'q');
    if (!q?.trim()) throw new CompatError(400, 'Invalid request: missing q parameter');
    const detection = app.sourceDetector.detect(app.textTranslation.checkText(q));
    if (!detection) return [];
    return [detection, ...detection.alternatives].map((candidate) => ({
      language: ltTag(candidate.language),
      confidence: Math.round(candidate.confidence * 100),
    }));
  });

  app.get('/languages', open, async (_request, reply) =>
    reply.type('application/json').header('Cache-Control', 'public, max-age=3600').send(languagesBody()),
  );

  app.get('/frontend/settings', open, async () => ({
    charLimit: maxTextChars,
    frontendTimeout: 500,
    apiKeys: app.apiKeys.enabled,
    keyRequired: app.apiKeys.enabled,
    suggestions: false,
    filesTranslation: true,
    supportedFilesFormat: DOCUMENT_ACCEPT.split(','),
    language: {
      source: { code: 'auto', name: 'Auto Detect' },
      target: { code: 'en', name: 'English' },
    },
  }));

  // What LibreTranslate serves at /spec (Dialect accepts a server by its title); built once.
  const spec = JSON.stringify(libretranslateSpec());
  app.get('/spec', open, async (_request, reply) => reply.type('application/json').send(spec));

  app.post('/suggest', open, async () => {
    throw new CompatError(403, 'Suggestions are disabled on this server.');
  });

  app.post('/translate_file', work(TranslateFileFields), async (request, reply) => {
    const fields = formFields(request);
    const file = uploadOf(request);
    if (!file?.bytes.length) throw new CompatError(400, 'Invalid request: missing file parameter');
    const target = languageOf(fields, 'target');
    const source = languageOf(fields, 'source');
    // Kept as a job, so that the link works for a while after this request (and dies with it if
    // the client goes away before the answer).
    const job = await app.documents.submit(
      request,
      { upload: { fileName: file.fileName || 'document.txt', bytes: file.bytes }, source, target },
      { run: 'job', signal: clientGoneSignal(reply) },
    );
    await job.finished;
    if (job.failure) throw job.failure;
    if (!job.result) throw new CompatError(500, job.error ?? 'Translation failed');
    const base = `${request.protocol}://${request.host}`;
    const name = encodeURIComponent(job.result.fileName);
    return {
      translatedFileUrl: `${base}/download_file/${job.id}.${job.key}/${name}`,
      // A Sema extra: what was left untranslated, so it is not lost on this surface either (issue 29).
      ...(job.result.note ? { note: job.result.note } : {}),
    };
  });

  app.get<{ Params: { id: string; name: string } }>(
    '/download_file/:id/:name',
    // The link carries the job's secret: whoever has it may fetch the file, key or not.
    open,
    async (request, reply: FastifyReply) => {
      const [id = '', key = ''] = request.params.id.split('.');
      const result = (await app.documents.find(id, key))?.result;
      if (!result) throw new CompatError(400, 'Invalid request: the file is gone');
      return reply
        .type(result.mimeType)
        .header('Content-Disposition', contentDisposition(result.fileName))
        .send(result.body);
    },
  );
}
