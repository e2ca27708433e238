/**
 * Translated strings from the gettext catalogues (.mo) that Debian packages install under
 * /usr/share/locale (GTK, GLib, iso-codes, ...; LGPL-2.1+). Software messages, not prose, but for
 * Kikongo and Limburgish they are the only openly licensed text on this machine.
 */
import fs from 'node:fs';
import path from 'node:path';

const MO_MAGIC = 0x950412de;

/** The translations of one .mo file, leaving out those that merely copy the English original. */
export function readMoTranslations(file: string): string[] {
  const data = fs.readFileSync(file);
  const little = data.readUInt32LE(0) === MO_MAGIC;
  const read = (offset: number) => (little ? data.readUInt32LE(offset) : data.readUInt32BE(offset));
  const count = read(8);
  const originalTable = read(12);
  const translationTable = read(16);
  const result: string[] = [];
  for (let index = 0; index < count; index++) {
    const length = read(translationTable + 8 * index);
    const offset = read(translationTable + 8 * index + 4);
    const text = data.toString('utf8', offset, offset + length);
    const originalLength = read(originalTable + 8 * index);
    const originalOffset = read(originalTable + 8 * index + 4);
    const original = data.toString('utf8', originalOffset, originalOffset + originalLength);
    // The entry with an empty original is the catalogue's own header; plural forms are separated by NUL.
    if (!text || original === '' || text === original) continue;
    result.push(...text.split('\0'));
  }
  return result;
}

/** Placeholders, markup and mnemonics are not words of the language. */
function clean(text: string): string {
  return text
    .replace(/%(\d+\$)?[-+ #0]*\d*(\.\d+)?[a-zA-Z]/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;/g, ' ')
    .replace(/_/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Catalogues under licences that allow using their text in a commercial product (LGPL-2.1+: GTK,
 * GLib, iso-codes, ...): the only ones whose text may train the shipped model. Others (GPL) serve
 * only as out-of-domain test text, which never ships. The ISO 639 catalogues are left out: thousands
 * of names of obscure languages teach the model little but the look of a list.
 */
export function isLgplCatalogue(fileName: string): boolean {
  return /^(gtk[23]0(-properties)?|glib20|gdk-pixbuf|at-spi2-core|libsecret|libhandy|gsettings-desktop-schemas|gstreamer-1\.0|gst-plugins-base-1\.0|iso_3166.*|iso_4217|iso_15924)\.mo$/.test(
    fileName,
  );
}

/** Every translated string of the catalogues installed for `locale`, cleaned, without duplicates. */
export function gettextText(
  locale: string,
  root = '/usr/share/locale',
  include: (fileName: string) => boolean = () => true,
): string[] {
  const directory = path.join(root, locale, 'LC_MESSAGES');
  if (!fs.existsSync(directory)) return [];
  const result = new Set<string>();
  for (const name of fs.readdirSync(directory).sort()) {
    if (!name.endsWith('.mo') || !include(name)) continue;
    for (const text of readMoTranslations(path.join(directory, name))) {
      const cleaned = clean(text);
      if (cleaned) result.add(cleaned);
    }
  }
  return [...result];
}
