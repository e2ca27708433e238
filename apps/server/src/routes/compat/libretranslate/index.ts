/**
 * LibreTranslate's API at the server's root, so that its clients (Weblate, SubtitleEdit, browser
 * extensions, the `libretranslate` and `translate` npm packages …) work by changing one URL. Same
 * paths, bodies (JSON, form-urlencoded as Weblate sends, multipart), answers and `{error}` bodies
 * with LibreTranslate's statuses; the work is done by the same services as our own API.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { DOCUMENT_ACCEPT } from '@sema/shared/api/documents';
import { MAX_ALTERNATIVES } from '@sema/shared/api/schemas';
import { CATALOGUE } from '@sema/shared/languages/catalogue';
import { resolveLanguageCode, toLanguageTag } from '@sema/shared/languages/codes';
import { clientGoneSignal } from '../../../lib/http/client-gone.ts';
import { acceptFormBodies, formFields, type FormFields } from '../../../lib/http/form-body.ts';
import { acceptUploads, uploadOf } from '../../../lib/http/upload.ts';
import { answerInProtocolShape, CompatError } from '../compat-errors.ts';
import { measureTexts, translateTexts } from '../translate-texts.ts';

/** LibreTranslate answers errors as `{error}` with 400, 403, 429 or 500; we add 503 for unavailable. */
function ltStatus(status: number): number {
  if (status === 401) return 403;
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

/** A LibreTranslate code (`en`, `zh-Hans`, `pt-BR`, `auto`) as a catalogue code. */
function languageOf(fields: Fields, name: 'source' | 'target'): string {
  const raw = text(fields, name)?.trim();
  if (!raw) throw new CompatError(400, `Invalid request: missing ${name} parameter`);
  if (name === 'source' && raw === 'auto') return 'auto';
  const language = resolveLanguageCode(raw);
  if (!language) throw new CompatError(400, `${raw} is not supported`);
  return language.code;
}

const tagOf = (code: string) => toLanguageTag(code) ?? code;

/** Languages, as LibreTranslate lists them: every language translates into every other. */
function languageList(): Buffer {
  const codes = CATALOGUE.map((language) => tagOf(language.code));
  const list = CATALOGUE.map((language, index) => ({
    code: codes[index]!,
    name: language.name,
    targets: codes,
  }));
  return Buffer.from(JSON.stringify(list));
}

export default async function libretranslate(app: FastifyInstance): Promise<void> {
  const { maxTextChars } = app.config;
  const { batchMaxTexts, batchMaxChars } = app.config.translation;
  const languages = languageList();

  // Forms as Weblate and SubtitleEdit send them; `q` may be repeated.
  acceptFormBodies(app);
  await acceptUploads(app, { maxFileBytes: app.documents.limits.maxFileBytes });

  answerInProtocolShape(app, {
    status: ltStatus,
    body: (message) => ({ error: message }),
    invalid: 'Invalid request',
    name: 'LibreTranslate',
  });

  const schema = { hide: true };
  const work = { schema, config: { policy: 'work' } } as const;
  const open = { schema, config: { policy: 'open' } } as const;

  app.post('/translate', work, async (request, reply) => {
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
    const { total, exceeds } = measureTexts(app, texts);
    if (exceeds === 'count') {
      throw new CompatError(400, `Invalid request: ${texts.length} texts (the limit is ${batchMaxTexts})`);
    }
    if (exceeds) {
      throw new CompatError(
        400,
        `Invalid request: request (${total}) exceeds text limit (${exceeds === 'length' ? maxTextChars : batchMaxChars})`,
      );
    }
    const target = languageOf(fields, 'target');
    const source = languageOf(fields, 'source');
    const asked = Number(fields.alternatives ?? 0);
    if (!Number.isInteger(asked) || asked < 0 || asked > MAX_ALTERNATIVES) {
      throw new CompatError(
        400,
        `Invalid request: alternatives must be a whole number from 0 to ${MAX_ALTERNATIVES}`,
      );
    }
    await app.apiKeys.charge(request, total);

    // Each text's source: as given, or detected (a text without letters is returned as it is).
    const { translations: out, detections: detected } = await translateTexts(
      app,
      texts,
      source,
      target,
      clientGoneSignal(reply),
      { markup: { format } },
    );

    const detection = (index: number) => {
      const found = detected[index];
      return found
        ? { language: tagOf(found.language), confidence: Math.round(found.confidence * 100) }
        : { language: tagOf(target), confidence: 0 };
    };
    // Each text's other translations from the model's n-best list (LibreTranslate's `alternatives`).
    const alternatives = await Promise.all(
      texts.map((text, index) => {
        const from = source === 'auto' ? detected[index]?.language : source;
        if (asked <= 0 || format !== 'text' || !from || !text.trim()) return [];
        return app.translation.alternatives(
          { text, source: from, target },
          asked,
          out[index]!,
          clientGoneSignal(reply),
        );
      }),
    );
    const single = !Array.isArray(q);
    return {
      translatedText: single ? out[0] : out,
      ...(source === 'auto'
        ? { detectedLanguage: single ? detection(0) : texts.map((_, i) => detection(i)) }
        : {}),
      ...(asked > 0 ? { alternatives: single ? alternatives[0] : alternatives } : {}),
    };
  });

  app.post('/detect', work, async (request) => {
    const q = text(formFields(request), 'q');
    if (!q?.trim()) throw new CompatError(400, 'Invalid request: missing q parameter');
    if (q.length > maxTextChars) {
      throw new CompatError(
        400,
        `Invalid request: request (${q.length}) exceeds text limit (${maxTextChars})`,
      );
    }
    const detection = app.detector.detect(q);
    if (!detection) return [];
    return [detection, ...detection.alternatives].map((candidate) => ({
      language: tagOf(candidate.language),
      confidence: Math.round(candidate.confidence * 100),
    }));
  });

  app.get('/languages', open, async (_request, reply) =>
    reply.type('application/json').header('Cache-Control', 'public, max-age=3600').send(languages),
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

  app.post('/suggest', open, async () => {
    throw new CompatError(403, 'Suggestions are disabled on this server.');
  });

  app.post('/translate_file', work, async (request, reply) => {
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
    return { translatedFileUrl: `${base}/download_file/${job.id}.${job.key}/${name}` };
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
