/**
 * What the profile form accepts as a display name. The spec sets no rule of its own (signup only
 * requires a name), so these are ours: trimmed, empty means "use the name from the email", and a
 * length that still fits the header and menus.
 */
export const MAX_DISPLAY_NAME_LENGTH = 50;

export type DisplayNameCheck =
  | { ok: true; /** undefined: store no name, so the email's name shows. */ name: string | undefined }
  | { ok: false; error: string };

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Length as a reader counts it: a letter with its marks, or an emoji, is one character, so names in
 * Devanagari, Ethiopic or with accents get the same room as plain Latin ones.
 */
export function visibleLength(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

export function checkDisplayName(input: string): DisplayNameCheck {
  const name = input.trim();
  if (!name) return { ok: true, name: undefined };
  const length = visibleLength(name);
  if (length > MAX_DISPLAY_NAME_LENGTH) {
    return {
      ok: false,
      error: `Display name is too long: ${length} characters (at most ${MAX_DISPLAY_NAME_LENGTH}).`,
    };
  }
  return { ok: true, name };
}

/** The first character of a name, capitalised where the script has capitals, for the avatar. */
export function avatarInitial(name: string): string {
  const first = graphemes.segment(name.trim())[Symbol.iterator]().next();
  return first.done ? '?' : first.value.segment.toLocaleUpperCase();
}
