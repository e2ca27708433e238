import { resolveLanguageCode, toLanguageTag } from '@sema/shared/languages/codes';

/**
 * The name of a translated file. Each format declares its rule (`DocumentAdapter.outputName`);
 * without one the target's short tag goes before the extension (`report.docx` → `report.fr.docx`).
 * Localisation files follow their ecosystem: a locale in the name is replaced (`intl_en.arb` →
 * `intl_fr.arb`, `messages.en.xlf` → `messages.fr.xlf`, `en.po` → `fr.po`), and a file whose
 * language is given by its folder keeps its name, with a note naming the folder (`fr.lproj/`,
 * `values-fr/`): a download's name cannot carry a folder, and the upload's folder is not sent.
 */
export interface OutputName {
  fileName: string;
  /** Where the file goes, when its name cannot say it. */
  note?: string;
}

export interface NamedUpload {
  /** The upload's name without its folder and extension (`intl_en`). */
  baseName: string;
  /** Extension of the translated file (`arb`). */
  extension: string;
  /** Catalogue codes of the languages; `source` may be `auto` when nothing was left to detect from. */
  source: string;
  target: string;
}

export type OutputNaming = (upload: NamedUpload) => OutputName;

/** The target's short BCP 47 tag (`fr`, `zh-Hant`, `ace-Arab`), as people and tools know it. */
export function tagOf(code: string): string {
  return toLanguageTag(code) ?? code;
}

/** `report` + `fra_Latn` + `docx` → `report.fr.docx`. */
export const suffixedName: OutputNaming = ({ baseName, extension, target }) => ({
  fileName: `${baseName}.${tagOf(target)}.${extension}`,
});

/**
 * A locale at the end of the name (`en`, `intl_en`, `messages.en`, `app_pt_BR`, `zh-Hant`), after
 * a `.`, `_` or `-`, or the whole name. A bare language code inside a longer name counts only when
 * it names the source or target language, so `how_to` and `user_id` are names, not Tongan or
 * Indonesian; the whole name (`pt.po`) or a locale with a region or script (`app_pt_BR`) always counts.
 */
const LOCALE_AT_END = /(?:^|[._-])((?:[a-z]{2,3})(?:[_-][A-Z][a-z]{3})?(?:[_-](?:[A-Z]{2}|\d{3}))?)$/;

function localeIn(upload: NamedUpload): { start: number } | undefined {
  const match = LOCALE_AT_END.exec(upload.baseName);
  if (!match) return undefined;
  const named = resolveLanguageCode(match[1]!)?.code;
  const languages = [upload.target, upload.source].map((code) => resolveLanguageCode(code)?.code);
  const unmistakable = match[0] === upload.baseName || /[_-]/.test(match[1]!);
  if (!named || !(unmistakable || languages.includes(named) || upload.source === 'auto')) return undefined;
  return { start: match.index + match[0].length - match[1]!.length };
}

/**
 * The locale in the name replaced by the target's, written `locale(tag)` (`_` for Flutter and
 * gettext: `pt_BR`, `zh_Hant`); a name without one gets the default suffix, or `withoutLocale`.
 */
export function localeInName(rules: {
  locale?: (tag: string) => string;
  /** A template's extension becomes the translation's (`.pot` → `.po`). */
  extensions?: Readonly<Record<string, string>>;
  withoutLocale?: OutputNaming;
}): OutputNaming {
  return (upload) => {
    const locale = (rules.locale ?? ((tag: string) => tag))(tagOf(upload.target));
    const extension = rules.extensions?.[upload.extension] ?? upload.extension;
    const found = localeIn(upload);
    if (found) return { fileName: `${upload.baseName.slice(0, found.start)}${locale}.${extension}` };
    if (extension !== upload.extension) return { fileName: `${locale}.${extension}` };
    return (rules.withoutLocale ?? suffixedName)(upload);
  };
}

/** The locale as gettext and Flutter write it in names: `pt_BR`, `zh_Hant`. */
export const underscored = (tag: string) => tag.replace(/-/g, '_');

/**
 * A file whose language is its folder's (`fr.lproj/Localizable.strings`, `values-fr/strings.xml`)
 * keeps its name; the note says which folder it goes in.
 */
export function inLocaleFolder(folder: (tag: string) => string, tool: string): OutputNaming {
  return ({ baseName, extension, target }) => {
    const fileName = `${baseName}.${extension}`;
    return {
      fileName,
      note: `${fileName} keeps its name: ${tool} reads it from the ${folder(tagOf(target))}/ folder.`,
    };
  };
}

/** Xcode's folder for a language: `fr.lproj`, `zh-Hant.lproj`. */
export const appleFolder = (tag: string) => `${tag}.lproj`;

/**
 * Android's resource folder for a language: `values-fr`; a tag with a script or a three-letter
 * language uses the BCP 47 form Android 7 reads (`values-b+zh+Hant`, `values-b+ace+Arab`).
 */
export const androidFolder = (tag: string) =>
  /^[a-z]{2}$/.test(tag) ? `values-${tag}` : `values-b+${tag.replace(/-/g, '+')}`;

/** A file holding every language (an Xcode String Catalog) keeps its name. */
export const sameName: OutputNaming = ({ baseName, extension }) => ({
  fileName: `${baseName}.${extension}`,
});
