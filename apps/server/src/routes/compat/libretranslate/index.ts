/**
 * LibreTranslate's API at the server's root, so that its clients (Weblate, SubtitleEdit, browser
 * extensions, the `libretranslate` and `translate` npm packages …) work by changing one URL. Same
 * paths, bodies (JSON, form-urlencoded as Weblate sends, multipart), answers and `{error}` bodies
 * with LibreTranslate's statuses; the work is done by the same services as our own API.
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { DOCUMENT_ACCEPT } from '@sema/shared/api/documents';
import { CATALOGUE } from '@sema/shared/languages/catalogue';
import { resolveLanguageCode, toLanguageTag } from '@sema/shared/languages/codes';
import { clientGoneSignal } from '../../../lib/http/client-gone.ts';
import { acceptFormBodies } from '../../../lib/http/form-body.ts';
import { answerInProtocolShape, CompatError } from '../compat-errors.ts';
import { measureTexts, translateTexts } from '../translate-texts.ts';

/** LibreTranslate answers errors as `{error}` with 400, 403, 429 or 500. */
function ltStatus(status: number): number {
  if (status === 403 || status === 429) return status;
  return status >= 500 ? 500 : 400;
}

type Fields = Record<string, unknown>;

/** An uploaded file, as the multipart parser keeps it. */
interface FilePart {
  type: 'file';
  filename: string;
  toBuffer(): Promise<Buffer>;
}

/**
 * The request's fields, from JSON, a urlencoded form (`q` repeated for several) or a multipart form
 * (a field's value, or the file part itself).
 */
function fieldsOf(request: FastifyRequest): Fields {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  if (!request.isMultipart()) return body as Fields;
  const fields: Fields = {};
  for (const [key, value] of Object.entries(body)) {
    const part = (Array.isArray(value) ? value[0] : value) as { type?: string; value?: unknown } | undefined;
    if (part?.type === 'file') fields[key] = part;
    else if (part?.type === 'field') fields[key] = part.value;
  }
  return fields;
}

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

/** Translated files waiting to be downloaded: a few, for a while, in this process. */
const FILE_TTL_MS = 30 * 60_000;
const MAX_FILES = 64;
interface StoredFile {
  fileName: string;
  mimeType: string;
  body: Buffer;
  expires: number;
}

export default async function libretranslate(app: FastifyInstance): Promise<void> {
  const { maxTextChars } = app.config;
  const { batchMaxTexts, batchMaxChars } = app.config.translation;
  const files = new Map<string, StoredFile>();
  const languages = languageList();

  // Forms as Weblate and SubtitleEdit send them; `q` may be repeated.
  acceptFormBodies(app);
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: app.documents.limits.maxFileBytes, files: 1, fields: 10 },
  });

  answerInProtocolShape(app, {
    status: ltStatus,
    body: (message) => ({ error: message }),
    invalid: 'Invalid request',
    name: 'LibreTranslate',
  });

  const route = { schema: { hide: true } };

  app.post('/translate', route, async (request, reply) => {
    const fields = fieldsOf(request);
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
    const asked = Number(fields.alternatives ?? 0);
    const single = !Array.isArray(q);
    return {
      translatedText: single ? out[0] : out,
      ...(source === 'auto'
        ? { detectedLanguage: single ? detection(0) : texts.map((_, i) => detection(i)) }
        : {}),
      // Only one translation is made (greedy decoding): there are no alternatives to give.
      ...(asked > 0 ? { alternatives: single ? [] : texts.map(() => []) } : {}),
    };
  });

  app.post('/detect', route, async (request) => {
    const q = text(fieldsOf(request), 'q');
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

  app.get('/languages', route, async (_request, reply) =>
    reply.type('application/json').header('Cache-Control', 'public, max-age=3600').send(languages),
  );

  app.get('/frontend/settings', route, async () => ({
    charLimit: maxTextChars,
    frontendTimeout: 500,
    apiKeys: false,
    keyRequired: false,
    suggestions: false,
    filesTranslation: true,
    supportedFilesFormat: DOCUMENT_ACCEPT.split(','),
    language: {
      source: { code: 'auto', name: 'Auto Detect' },
      target: { code: 'en', name: 'English' },
    },
  }));

  app.post('/suggest', route, async () => {
    throw new CompatError(403, 'Suggestions are disabled on this server.');
  });

  app.post('/translate_file', route, async (request, reply) => {
    const fields = fieldsOf(request);
    const part = fields.file as FilePart | undefined;
    const bytes = part?.type === 'file' ? await part.toBuffer() : undefined;
    if (!part || !bytes?.length) throw new CompatError(400, 'Invalid request: missing file parameter');
    const target = languageOf(fields, 'target');
    const source = languageOf(fields, 'source');
    const task = await app.documents.prepare(
      { fileName: part.filename || 'document.txt', bytes: new Uint8Array(bytes) },
      source,
      target,
    );
    let document;
    try {
      document = await task.run({ signal: clientGoneSignal(reply) });
    } finally {
      task.dispose();
    }
    const now = Date.now();
    for (const [id, stored] of files) if (stored.expires < now || files.size >= MAX_FILES) files.delete(id);
    const id = randomUUID();
    files.set(id, {
      fileName: document.fileName,
      mimeType: document.mimeType,
      body: typeof document.body === 'string' ? Buffer.from(document.body) : Buffer.from(document.body),
      expires: now + FILE_TTL_MS,
    });
    const base = `${request.protocol}://${request.host}`;
    return { translatedFileUrl: `${base}/download_file/${id}/${encodeURIComponent(document.fileName)}` };
  });

  app.get<{ Params: { id: string; name: string } }>(
    '/download_file/:id/:name',
    route,
    async (request, reply: FastifyReply) => {
      const stored = files.get(request.params.id);
      if (!stored || stored.expires < Date.now())
        throw new CompatError(400, 'Invalid request: the file is gone');
      return reply
        .type(stored.mimeType)
        .header('Content-Disposition', contentDisposition(stored.fileName))
        .send(stored.body);
    },
  );
}
