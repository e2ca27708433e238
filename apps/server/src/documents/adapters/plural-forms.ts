/**
 * gettext `Plural-Forms` for a target language, from CLDR: the plural rules come from the runtime's
 * `Intl.PluralRules` (Node's ICU carries CLDR's rules for every locale it knows), and the header is
 * the gettext formula, among the classic ones below, that sorts the whole numbers 0–1000 into the
 * same groups as CLDR does. Fractions do not exist in gettext, and the "many" CLDR 42+ gives French,
 * Spanish, Italian and Portuguese for 1,000,000 is not checked: gettext tools still use their two
 * forms. A language ICU does not know, or whose rules match no formula here, gets undefined (the
 * PO adapter then keeps the file's header and says so).
 */
import { resolveLanguageCode, toLanguageTag } from '@sema/shared/languages/codes';
import compilePlural from '@tannin/plural-forms';

/** C expressions of `n`, as gettext writes them (and valid JavaScript, which is how they are checked). */
const FORMULAS: readonly string[] = [
  '0',
  '(n != 1)',
  '(n > 1)',
  '(n%10!=1 || n%100==11)',
  '(n%10==4 || n%10==6 || n%10==9)',
  '!(n<=1 || (n>=11 && n<=99))',
  '(n==1 ? 0 : n==2 ? 1 : 2)',
  '(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)',
  '(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)',
  '(n==1 ? 0 : (n>=2 && n<=4) ? 1 : 2)',
  '(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2)',
  '(n%10==0 || (n%100>=11 && n%100<=19) ? 0 : n%10==1 && n%100!=11 ? 1 : 2)',
  '(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2)',
  '(n==1 ? 0 : n==2 ? 1 : n>10 && n%10==0 ? 2 : 3)',
  '(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)',
  '((n==1 || n==11) ? 0 : (n==2 || n==12) ? 1 : (n>2 && n<20) ? 2 : 3)',
  '(n==1 ? 0 : n==2 ? 1 : n>=3 && n<=6 ? 2 : n>=7 && n<=10 ? 3 : 4)',
  '(n==1 ? 0 : n==2 ? 1 : n==0 || (n%100>=3 && n%100<=10) ? 2 : n%100>=11 && n%100<=19 ? 3 : 4)',
  '(n==1 ? 0 : n==0 || (n%100>=2 && n%100<=10) ? 1 : n%100>=11 && n%100<=19 ? 2 : 3)',
  '(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)',
  '(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n==3 ? 3 : n==6 ? 4 : 5)',
];

const CHECKED = Array.from({ length: 1001 }, (_, n) => n);

export interface PluralForms {
  /** `nplurals=3; plural=(…);` */
  header: string;
  count: number;
  /** For each form, the CLDR category of its numbers (`one`, `few`, `other`…) and whether it is only 0 and 1. */
  forms: Array<{ category: Intl.LDMLPluralRule; onlyZeroOrOne: boolean }>;
}

/** CLDR's plural rules for a catalogue language, or undefined when the runtime has none for it. */
function pluralRulesOf(code: string): Intl.PluralRules | undefined {
  const tag = toLanguageTag(code);
  if (!tag || Intl.PluralRules.supportedLocalesOf([tag]).length === 0) return undefined;
  return new Intl.PluralRules(tag);
}

/** CLDR's plural categories in CLDR's order (the order Apple's and i18next's files list them). */
export const PLURAL_CATEGORIES: readonly Intl.LDMLPluralRule[] = [
  'zero',
  'one',
  'two',
  'few',
  'many',
  'other',
];

/**
 * The CLDR plural categories of a catalogue language (`one`, `few`, `many`, `other`…), in CLDR's order:
 * what a plural rule in the target language must cover. Empty when CLDR has no rules for it (nothing
 * is added).
 */
export function pluralCategoriesOf(code: string | undefined): readonly Intl.LDMLPluralRule[] {
  const categories = (code && pluralRulesOf(code)?.resolvedOptions().pluralCategories) || [];
  // The runtime lists them in an order of its own (Node: few, many, one, two, zero, other).
  return PLURAL_CATEGORIES.filter((category) => categories.includes(category));
}

/**
 * The plural categories a group (an Android `<plurals>`, an i18next key group, a `.stringsdict`
 * variable, an `.xcstrings` plural) lacks that the target language needs, in CLDR's order. Every
 * adapter that adds them asks here, seeds them from `other`'s translation and says so with
 * {@link addedPluralsNote}.
 */
export function missingPlurals(target: string | undefined, present: Iterable<string>): Intl.LDMLPluralRule[] {
  const have = new Set(present);
  return pluralCategoriesOf(target).filter((category) => !have.has(category));
}

/**
 * The note for plural categories added to `groups` groups: `groupNames` is what one and several are
 * called in the format (`['<plurals>', '<plurals>']`), `other` what the copied form is called there.
 * The language is named as a person knows it and by the tag the file uses: `Russian (ru)`.
 */
export function addedPluralsNote(
  target: string | undefined,
  added: number,
  groups: number,
  groupNames: readonly [string, string],
  other = '"other"',
): string | undefined {
  if (added === 0 || !target) return undefined;
  const language = resolveLanguageCode(target);
  const named = language ? `${language.name} (${toLanguageTag(language.code) ?? target})` : target;
  const forms = `${added} plural form${added === 1 ? '' : 's'}`;
  const where = `${groups} ${groupNames[groups === 1 ? 0 : 1]}`;
  return `${forms} that ${named} needs and the source lacks ${added === 1 ? 'was' : 'were'} added to ${where}, copied from the translation of ${other}: check their grammar.`;
}

/** The plural forms of a catalogue language, or undefined when they cannot be sourced from CLDR. */
export function pluralFormsOf(code: string): PluralForms | undefined {
  const rules = pluralRulesOf(code);
  if (!rules) return undefined;
  const categories = CHECKED.map((n) => rules.select(n));
  for (const formula of FORMULAS) {
    // The formulas are this file's constants; evaluating them as JavaScript checks exactly the
    // expression that goes into the header.
    const plural = new Function('n', `return Number(${formula});`) as (n: number) => number;
    const forms = CHECKED.map(plural);
    if (!samePartition(forms, categories)) continue;
    const count = Math.max(...forms) + 1;
    return {
      header: `nplurals=${count}; plural=${formula};`,
      count,
      forms: Array.from({ length: count }, (_, form) => {
        const numbers = CHECKED.filter((n) => forms[n] === form);
        return { category: rules.select(numbers[0]!), onlyZeroOrOne: numbers.every((n) => n <= 1) };
      }),
    };
  }
  return undefined;
}

/** True when `a` and `b` put the same numbers together (form i ↔ one category, one to one). */
function samePartition(a: readonly number[], b: readonly string[]): boolean {
  const forward = new Map<number, string>();
  const backward = new Map<string, number>();
  return a.every((form, i) => {
    const category = b[i]!;
    if ((forward.get(form) ?? category) !== category || (backward.get(category) ?? form) !== form)
      return false;
    forward.set(form, category);
    backward.set(category, form);
    return true;
  });
}

/**
 * The plural forms a catalogue declares (`nplurals=4; plural=…;`), read from its own formula: the
 * expression is parsed and evaluated by @tannin/plural-forms (a C-expression evaluator that never
 * runs the file's text as code) for 0–1000, and must pick a form below `nplurals` for each. The form
 * that 1 falls in is `one` (the others `other`), as gettext's tools treat it. Undefined for a
 * template's `nplurals=INTEGER; plural=EXPRESSION;` or a formula that does not work.
 */
export function declaredPluralForms(header: string | undefined): PluralForms | undefined {
  const match = /^\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+?)\s*;?\s*$/.exec(header ?? '');
  if (!match) return undefined;
  const count = Number(match[1]);
  if (count < 1 || count > 10) return undefined;
  let select: (n: number) => number;
  try {
    select = compilePlural(match[2]!) as (n: number) => number;
  } catch {
    return undefined;
  }
  const forms = CHECKED.map((n) => Number(select(n)));
  if (!forms.every((form) => Number.isInteger(form) && form >= 0 && form < count)) return undefined;
  return {
    header: header!.trim(),
    count,
    forms: Array.from({ length: count }, (_, form) => {
      const numbers = CHECKED.filter((n) => forms[n] === form);
      return {
        category: form === forms[1] ? 'one' : 'other',
        onlyZeroOrOne: numbers.length > 0 && numbers.every((n) => n <= 1),
      };
    }),
  };
}
