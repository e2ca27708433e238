/**
 * Scripts (ISO 15924) for which the app ships a Noto font subset, because many devices lack them.
 * Keep in step with the @font-face rules in index.css.
 */
export const WEB_FONT_SCRIPTS: ReadonlySet<string> = new Set(['Ethi', 'Tfng', 'Olck', 'Tibt', 'Mymr']);

/** Whether text in this script (a language's `script`, e.g. Ethi) needs one of those fonts. */
export function needsWebFont(script: string): boolean {
  return WEB_FONT_SCRIPTS.has(script);
}
