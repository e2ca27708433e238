/**
 * Writing the target language into the places XML formats record it, without parsing: the parts
 * were just rebuilt from a parse that already accepted them, and only one element's text or one
 * start tag's attributes change.
 */

/** `<dc:language>en</dc:language>` → the language, in every such element; added to `parent` when absent. */
export function setElementLanguage(xml: string, element: string, language: string, parent?: string): string {
  const pattern = new RegExp(`(<${element}(?:\\s[^>]*)?>)[^<]*(</${element}>)`, 'g');
  if (pattern.test(xml)) return xml.replace(pattern, `$1${language}$2`);
  if (!parent) return xml;
  return xml.replace(`</${parent}>`, `<${element}>${language}</${element}></${parent}>`);
}

/** Sets `xml:lang` (and `lang`, when present) on the first start tag named `root`. */
export function setRootLanguage(xml: string, root: string, language: string): string {
  return xml.replace(new RegExp(`<${root}(?=[\\s>/])[^>]*>`), (tag) => {
    const withXmlLang = /\sxml:lang="[^"]*"/.test(tag)
      ? tag.replace(/(\sxml:lang=")[^"]*"/, `$1${language}"`)
      : tag.replace(new RegExp(`^<${root}`), `<${root} xml:lang="${language}"`);
    return withXmlLang.replace(/(\slang=")[^"]*"/, `$1${language}"`);
  });
}

/**
 * The tag Office writes for a language: with its most likely region (`fr` → `fr-FR`, `ar` → `ar-EG`,
 * `zh-Hant` → `zh-TW`), since PowerPoint and Word name proofing languages by region; a tag that has
 * one, or a language CLDR gives none, is kept.
 */
export function officeLanguage(tag: string): string {
  try {
    const locale = new Intl.Locale(tag);
    if (locale.region) return tag;
    const region = locale.maximize().region;
    return region ? `${locale.language}-${region}` : tag;
  } catch {
    return tag;
  }
}
