import { Document, Packer, Paragraph } from 'docx';
import fc from 'fast-check';
import { makePdf } from '../../src/documents/testing/make-pdf.ts';
import { hostileString, shortText } from './hostile-values.ts';
import type { BodyPlan, Part } from './fuzz-request.ts';

type Format =
  'txt' | 'md' | 'html' | 'srt' | 'vtt' | 'json' | 'docx' | 'pdf' | 'xlf' | 'po' | 'arb' | 'xml' | 'strings';

const MIME: Record<Format, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  json: 'application/json',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  xlf: 'application/xliff+xml',
  po: 'text/x-gettext-translation',
  arb: 'application/json',
  xml: 'application/xml',
  strings: 'text/plain',
};

const cue = (i: number) => `00:00:0${i % 10},000 --> 00:00:0${i % 10},900`;

/** A small, well-formed file of the format holding `lines` (built lazily: docx needs async work). */
function fileContent(format: Format, lines: string[]): Part['content'] {
  const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  switch (format) {
    case 'txt':
      return lines.join('\n');
    case 'md':
      return lines.map((line, i) => (i === 0 ? `# ${line}` : `- ${line}`)).join('\n');
    case 'html':
      return `<!doctype html><html><body>${lines.map((line) => `<p>${escape(line)}</p>`).join('')}</body></html>`;
    case 'srt':
      return lines.map((line, i) => `${i + 1}\n${cue(i)}\n${line}\n`).join('\n');
    case 'vtt':
      return `WEBVTT\n\n${lines.map((line, i) => `${cue(i).replace(/,/g, '.')}\n${line}\n`).join('\n')}`;
    case 'json':
      return JSON.stringify(Object.fromEntries(lines.map((line, i) => [`key${i}`, line])));
    case 'xlf':
      return `<xliff version="1.2"><file source-language="en"><body>${lines.map((line, i) => `<trans-unit id="u${i}"><source>${escape(line)}</source></trans-unit>`).join('')}</body></file></xliff>`;
    case 'po':
      return lines.map((line, i) => `msgctxt "k${i}"\nmsgid ${JSON.stringify(line)}\nmsgstr ""\n`).join('\n');
    case 'arb':
      return JSON.stringify({
        '@@locale': 'en',
        ...Object.fromEntries(lines.map((line, i) => [`key${i}`, line])),
      });
    case 'xml':
      return `<resources>${lines.map((line, i) => `<string name="s${i}">${escape(line)}</string>`).join('')}</resources>`;
    case 'strings':
      return lines.map((line, i) => `"k${i}" = ${JSON.stringify(line)};`).join('\n');
    case 'pdf':
      return makePdf([lines.map((line) => line.replace(/[^\x20-\x7e]/g, '?'))]);
    case 'docx':
      return async () =>
        new Uint8Array(
          await Packer.toBuffer(
            new Document({ sections: [{ children: lines.map((line) => new Paragraph(line)) }] }),
          ),
        );
  }
}

const formats = Object.keys(MIME) as Format[];
const languageField = (codes: fc.Arbitrary<unknown>) => codes.map((code) => String(code));

/** The fields a document request carries besides its file: `max_chars` only with `output=text`. */
function fieldParts(codes: fc.Arbitrary<unknown>): fc.Arbitrary<Part[]> {
  const output = fc.oneof(
    fc.constant({}),
    fc.constant({ output: 'document' }),
    fc.record(
      { output: fc.constant('text'), max_chars: fc.constantFrom('1', '50', '400') },
      { requiredKeys: ['output'] },
    ),
  );
  return fc
    .tuple(
      fc.record(
        {
          target_language: languageField(codes),
          source_language: languageField(codes),
          needs_review: fc.constantFrom('true', 'false'),
        },
        { requiredKeys: ['target_language'] },
      ),
      output,
    )
    .map(([languages, options]) =>
      Object.entries({ ...languages, ...options }).map(([name, value]) => ({ name, content: value })),
    );
}

const badOutputFields = fc.constantFrom<Part[]>(
  [{ name: 'output', content: 'pdf' }],
  [{ name: 'max_chars', content: '0' }],
  [
    { name: 'output', content: 'text' },
    { name: 'max_chars', content: '-3' },
  ],
  [
    { name: 'output', content: 'text' },
    { name: 'max_chars', content: '1e3' },
  ],
  [
    { name: 'output', content: 'document' },
    { name: 'max_chars', content: '10' },
  ],
);

const fileNames = fc.constantFrom(
  '',
  'report',
  '../../etc/passwd.txt',
  'C:\\temp\\a.txt',
  'quo"te.txt',
  'line\r\nbreak.txt',
  'تقرير.txt',
  'отчёт.md',
  '\u202Etxt.exe',
  'a'.repeat(300) + '.txt',
  'file.TXT',
  'no-extension',
);

/**
 * A multipart body for the document route: a small real file of each supported format with the
 * language fields, or one of the ways browsers, tools and attackers get multipart wrong.
 */
export function documentBody(codes: fc.Arbitrary<unknown>): fc.Arbitrary<{ kind: string; body: BodyPlan }> {
  const boundary = fc.constantFrom('----fuzzBoundary7MA4YWxk', 'x', '--', 'b'.repeat(70));
  const lines = fc.array(shortText(6), { minLength: 1, maxLength: 4 });
  const valid = fc
    .tuple(fc.constantFrom(...formats), lines, fieldParts(codes), fc.boolean())
    .map(([format, text, fields, fieldsFirst]) => {
      const file: Part = {
        name: 'file',
        filename: `fuzz.${format}`,
        contentType: MIME[format],
        content: fileContent(format, text),
      };
      return { file, fields, fieldsFirst };
    });
  const build = (kind: string, parts: Part[], cut?: 'truncated' | 'unclosed') =>
    boundary.map((b) => ({ kind, body: { type: 'multipart', boundary: b, parts, cut } as BodyPlan }));
  return valid.chain(({ file, fields, fieldsFirst }) => {
    const ordered = (f: Part) => (fieldsFirst ? [...fields, f] : [f, ...fields]);
    return fc.oneof(
      { weight: 6, arbitrary: build('valid', ordered(file)) },
      fileNames.chain((filename) => build('odd-filename', ordered({ ...file, filename }))),
      build('no-filename', ordered({ ...file, filename: null })),
      build('no-part-type', ordered({ ...file, contentType: undefined })),
      build('empty-file', ordered({ ...file, content: '' })),
      build('two-files', ordered(file).concat({ ...file, filename: 'second.txt', content: 'Second.' })),
      build('other-field-name', ordered({ ...file, name: 'document' })),
      build('no-file', fields),
      build('no-fields', [file]),
      fc
        .constantFrom(...formats)
        .chain((other) => build('wrong-extension', ordered({ ...file, filename: `fuzz.${other}` }))),
      hostileString().chain((garbage) => build('garbage-file', ordered({ ...file, content: garbage }))),
      hostileString().chain((garbage) =>
        build(
          'hostile-field',
          ordered(file).concat({ name: 'target_language', content: String(garbage).slice(0, 2000) }),
        ),
      ),
      build('truncated', ordered(file), 'truncated'),
      build('unclosed', ordered(file), 'unclosed'),
      badOutputFields.chain((bad) => build('bad-output-field', ordered(file).concat(bad))),
      build(
        'many-fields',
        ordered(file).concat(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, content: 'x' }))),
      ),
    );
  });
}
