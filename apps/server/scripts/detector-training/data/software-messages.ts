/**
 * Out-of-domain test text: the translated messages of the software installed on this machine
 * (gettext catalogues under /usr/share/locale: GTK, coreutils, apt, ...). Not in any training or
 * tuning data of these languages, and as unlike the UDHR's legal prose as text gets, so it shows how
 * the model copes outside the domain it learnt from. The text is read where the benchmark runs and
 * never copied into the repo (many of these catalogues are GPL); where the catalogues are missing,
 * this set is empty and the benchmark says so.
 */
import type { Split } from './udhr-split.ts';
import type { Sample } from './evaluate.ts';
import { gettextText } from '../training/gettext-text.ts';
import { scriptOfLanguage } from '../../../src/detection/script-languages.ts';
import { countScripts } from '../../../src/detection/unicode-script.ts';

/**
 * gettext directory per catalogue language. Left out: languages whose catalogues train the model
 * (Assamese, Bashkir, Sindhi, Occitan, ... see training/sources.ts), and Akan/Twi, whose one directory ('ak')
 * fits both catalogue codes.
 */
// prettier-ignore
export const MESSAGE_DIRECTORIES: Readonly<Record<string, string>> = {
  afr_Latn: 'af', als_Latn: 'sq', amh_Ethi: 'am', ara_Arab: 'ar', ast_Latn: 'ast', azj_Latn: 'az',
  bel_Cyrl: 'be', ben_Beng: 'bn', bos_Latn: 'bs', bul_Cyrl: 'bg', cat_Latn: 'ca', ces_Latn: 'cs',
  cmn_Hans: 'zh_CN', cmn_Hant: 'zh_TW', crh_Latn: 'crh', cym_Latn: 'cy', dan_Latn: 'da', deu_Latn: 'de',
  dzo_Tibt: 'dz', ell_Grek: 'el', epo_Latn: 'eo', est_Latn: 'et', eus_Latn: 'eu', fao_Latn: 'fo',
  fin_Latn: 'fi', fra_Latn: 'fr', fur_Latn: 'fur', gla_Latn: 'gd', gle_Latn: 'ga', glg_Latn: 'gl',
  grn_Latn: 'gn', guj_Gujr: 'gu', hat_Latn: 'ht', hau_Latn: 'ha', heb_Hebr: 'he', hin_Deva: 'hi',
  hrv_Latn: 'hr', hun_Latn: 'hu', hye_Armn: 'hy', ind_Latn: 'id', isl_Latn: 'is', ita_Latn: 'it',
  jpn_Jpan: 'ja', kab_Latn: 'kab', kan_Knda: 'kn', kat_Geor: 'ka', kaz_Cyrl: 'kk', khk_Cyrl: 'mn',
  khm_Khmr: 'km', kin_Latn: 'rw', kir_Cyrl: 'ky', kmr_Latn: 'ku', kor_Hang: 'ko', lao_Laoo: 'lo',
  lit_Latn: 'lt', lug_Latn: 'lg', lvs_Latn: 'lv', mai_Deva: 'mai', mal_Mlym: 'ml', mar_Deva: 'mr',
  mkd_Cyrl: 'mk', mlt_Latn: 'mt', mri_Latn: 'mi', mya_Mymr: 'my', nld_Latn: 'nl', nno_Latn: 'nn',
  nob_Latn: 'nb', npi_Deva: 'ne', nso_Latn: 'nso', ory_Orya: 'or', pan_Guru: 'pa',
  pbt_Arab: 'ps', pes_Arab: 'fa', plt_Latn: 'mg', pol_Latn: 'pl', por_Latn: 'pt', ron_Latn: 'ro',
  rus_Cyrl: 'ru', sin_Sinh: 'si', slk_Latn: 'sk', slv_Latn: 'sl', som_Latn: 'so', spa_Latn: 'es',
  srp_Cyrl: 'sr', swe_Latn: 'sv', swh_Latn: 'sw', tam_Taml: 'ta', tat_Cyrl: 'tt', tel_Telu: 'te',
  tgk_Cyrl: 'tg', tgl_Latn: 'tl', tha_Thai: 'th', tir_Ethi: 'ti', tuk_Latn: 'tk', tur_Latn: 'tr',
  uig_Arab: 'ug', ukr_Cyrl: 'uk', urd_Arab: 'ur', uzn_Latn: 'uz', vie_Latn: 'vi', wol_Latn: 'wo',
  xho_Latn: 'xh', ydd_Hebr: 'yi', yor_Latn: 'yo', zsm_Latn: 'ms', zul_Latn: 'zu',
};

/** Messages per language and split: enough for a per-language accuracy, quick to run. */
const PER_SPLIT = 80;
const MIN_CHARS = 30;
const MAX_CHARS = 300;

function mostlyIn(text: string, language: string): boolean {
  const script = scriptOfLanguage(language);
  const counts = countScripts(text);
  let letters = 0;
  let inScript = 0;
  for (const [name, count] of counts) {
    letters += count;
    if (name === script || (script === 'Hiragana' && (name === 'Katakana' || name === 'Han')))
      inScript += count;
  }
  return letters > 0 && inScript >= 0.8 * letters;
}

/**
 * Whole messages of 30 to 300 characters in their language's script, never one that two languages
 * share (untranslated or borrowed strings), spread evenly over each language's catalogues; even
 * picks are dev, odd picks test.
 */
export function softwareMessages(split: Exclude<Split, 'train'>, root = '/usr/share/locale'): Sample[] {
  const byLanguage = new Map<string, string[]>();
  const owners = new Map<string, number>();
  for (const [language, directory] of Object.entries(MESSAGE_DIRECTORIES)) {
    // Messages only: the ISO catalogues (names of countries, languages, currencies) are lists, not text.
    const texts = gettextText(directory, root, (file) => !file.startsWith('iso_')).filter(
      (text) => text.length >= MIN_CHARS && text.length <= MAX_CHARS && mostlyIn(text, language),
    );
    byLanguage.set(language, texts);
    for (const text of texts) owners.set(text, (owners.get(text) ?? 0) + 1);
  }
  const samples: Sample[] = [];
  for (const [language, texts] of byLanguage) {
    const own = texts.filter((text) => owners.get(text) === 1);
    const step = Math.max(1, Math.floor(own.length / (2 * PER_SPLIT)));
    for (let index = 0, taken = 0; index < own.length && taken < 2 * PER_SPLIT; index += step, taken++) {
      if ((taken % 2 === 0) === (split === 'dev')) samples.push({ language, text: own[index]! });
    }
  }
  return samples;
}
