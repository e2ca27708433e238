/**
 * The format directives of a gettext entry, by its `#, c-format` / `python-format` / … flag: what
 * `msgfmt --check` compares between `msgid` and `msgstr`, so each must come back whole. The
 * grammars are gettext's own (its `format-c.c`, `format-python.c`…): a C directive may have an
 * argument number, flags (`'` and glibc's `I` too), a width or precision of `*` (`%.*s`, `%-*s`),
 * a length and a conversion, or a C99 `<inttypes.h>` macro (`%<PRIuMAX>`, `%<PRIx64>`). An entry
 * without a format flag keeps the placeholders every i18n format shares (placeholders.ts).
 */

const C_DIRECTIVE =
  /%(?:\d+\$)?[-+ #0'I]*(?:\*(?:\d+\$)?|\d+)?(?:\.(?:\*(?:\d+\$)?|\d+)?)?(?:(?:hh|h|ll|l|L|q|j|z|Z|t)?[diouxXeEfFgGaAcCsSpnm%]|<PRI[diouxX](?:8|16|32|64|LEAST8|LEAST16|LEAST32|LEAST64|FAST8|FAST16|FAST32|FAST64|MAX|PTR)>)/;
const OBJC_DIRECTIVE = new RegExp(`${C_DIRECTIVE.source}|%(?:\\d+\\$)?@`);
const PYTHON_DIRECTIVE = /%(?:\([^)]*\))?[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+)?)?[hlL]?[diouxXeEfFgGcrsa%]/;
/** `{name}`, `{0!r:>{width}}`, and the doubled braces that stand for one. */
const BRACE_DIRECTIVE = /\{\{|\}\}|\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/;
const SH_DIRECTIVE = /\$\{?[A-Za-z_]\w*\}?/;
const QT_DIRECTIVE = /%L?(?:\d{1,2}|%)/;

const BY_FLAG: Readonly<Record<string, RegExp>> = {
  'c-format': C_DIRECTIVE,
  'objc-format': OBJC_DIRECTIVE,
  'gcc-internal-format': C_DIRECTIVE,
  'gfc-internal-format': C_DIRECTIVE,
  'python-format': PYTHON_DIRECTIVE,
  'python-brace-format': BRACE_DIRECTIVE,
  'csharp-format': BRACE_DIRECTIVE,
  'java-format': BRACE_DIRECTIVE,
  'sh-format': SH_DIRECTIVE,
  'qt-format': QT_DIRECTIVE,
  'kde-format': QT_DIRECTIVE,
};

/**
 * The directives an entry's flags (`"fuzzy, c-format"`) declare, as one pattern to match before the
 * shared placeholders; undefined when no flag names a format gettext checks here (`no-c-format`
 * names none).
 */
export function formatDirectives(flags: string | undefined): RegExp | undefined {
  const patterns = (flags ?? '')
    .split(',')
    .map((flag) => BY_FLAG[flag.trim()])
    .filter((pattern): pattern is RegExp => pattern !== undefined);
  return patterns.length ? new RegExp(patterns.map((pattern) => pattern.source).join('|')) : undefined;
}
