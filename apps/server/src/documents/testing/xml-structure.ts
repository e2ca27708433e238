import { Parser } from 'htmlparser2';

/**
 * The element tree of an XML part without its text: each start tag with its attributes, in order.
 * Two parts with the same skeleton differ only in text, so a test can compare a translated part with
 * its source by re-parsing both. `ignoreAttributes` drops attributes translation is meant to change.
 */
export function xmlSkeleton(xml: string, ignoreAttributes: readonly string[] = []): string[] {
  const tags: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const kept = Object.entries(attributes)
          .filter(([key]) => !ignoreAttributes.includes(key))
          .map(([key, value]) => `${key}=${value}`);
        tags.push([name, ...kept].join(' '));
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  return tags;
}

/** The text of each element named `name`, decoded. */
export function xmlTexts(xml: string, name: string): string[] {
  const texts: string[] = [];
  let depth = 0;
  let current = '';
  const parser = new Parser(
    {
      onopentag(tag) {
        if (tag === name && depth++ === 0) current = '';
      },
      ontext(text) {
        if (depth > 0) current += text;
      },
      onclosetag(tag) {
        if (tag === name && --depth === 0) texts.push(current);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return texts;
}
