/**
 * Which catalogue languages each script can mean. A script with one language decides alone; a
 * shared script hands its candidates to the statistical model and the letter rules.
 */
import type { Script } from './unicode-script.ts';

/** Scripts that only one catalogue language is written in. */
export const SINGLE_LANGUAGE_SCRIPTS: Partial<Record<Script, string>> = {
  Greek: 'ell_Grek',
  Armenian: 'hye_Armn',
  Gurmukhi: 'pan_Guru',
  Gujarati: 'guj_Gujr',
  Oriya: 'ory_Orya',
  Tamil: 'tam_Taml',
  Telugu: 'tel_Telu',
  Kannada: 'kan_Knda',
  Malayalam: 'mal_Mlym',
  Sinhala: 'sin_Sinh',
  Thai: 'tha_Thai',
  Lao: 'lao_Laoo',
  Georgian: 'kat_Geor',
  Hangul: 'kor_Hang',
  Khmer: 'khm_Khmr',
  Hiragana: 'jpn_Jpan',
  Katakana: 'jpn_Jpan',
  // NLLB's "sat_Beng" data is in fact written in Ol Chiki, the script Santali is written in today.
  Ol_Chiki: 'sat_Beng',
};

/**
 * Scripts of languages the catalogue has only in another script: the nearest catalogue language,
 * answered with lowered confidence because the script itself is not what the catalogue names.
 */
export const APPROXIMATE_SCRIPTS: Partial<Record<Script, readonly string[]>> = {
  Nko: ['bam_Latn', 'dyu_Latn'], // N'Ko writes the Manding languages
  Adlam: ['fuv_Latn'], // Adlam writes Fula
  Javanese: ['jav_Latn'],
  Balinese: ['ban_Latn'],
  Buginese: ['bug_Latn'],
  Sundanese: ['sun_Latn'],
  Meetei_Mayek: ['mni_Beng'],
};

/** Scripts shared by several catalogue languages, with every candidate (catalogue codes). */
export const SHARED_SCRIPTS: Partial<Record<Script, readonly string[]>> = {
  Latin: [
    'ace_Latn', 'afr_Latn', 'aka_Latn', 'als_Latn', 'ast_Latn', 'ayr_Latn', 'azj_Latn', 'bam_Latn',
    'ban_Latn', 'bem_Latn', 'bjn_Latn', 'bos_Latn', 'bug_Latn', 'cat_Latn', 'ceb_Latn', 'ces_Latn',
    'cjk_Latn', 'crh_Latn', 'cym_Latn', 'dan_Latn', 'deu_Latn', 'dik_Latn', 'dyu_Latn', 'eng_Latn',
    'epo_Latn', 'est_Latn', 'eus_Latn', 'ewe_Latn', 'fao_Latn', 'fij_Latn', 'fin_Latn', 'fon_Latn',
    'fra_Latn', 'fur_Latn', 'fuv_Latn', 'gaz_Latn', 'gla_Latn', 'gle_Latn', 'glg_Latn', 'grn_Latn',
    'hat_Latn', 'hau_Latn', 'hrv_Latn', 'hun_Latn', 'ibo_Latn', 'ilo_Latn', 'ind_Latn', 'isl_Latn',
    'ita_Latn', 'jav_Latn', 'kab_Latn', 'kac_Latn', 'kam_Latn', 'kbp_Latn', 'kea_Latn', 'kik_Latn',
    'kin_Latn', 'kmb_Latn', 'kmr_Latn', 'knc_Latn', 'kon_Latn', 'lij_Latn', 'lim_Latn', 'lin_Latn',
    'lit_Latn', 'lmo_Latn', 'ltg_Latn', 'ltz_Latn', 'lua_Latn', 'lug_Latn', 'luo_Latn', 'lus_Latn',
    'lvs_Latn', 'min_Latn', 'mlt_Latn', 'mos_Latn', 'mri_Latn', 'nld_Latn', 'nno_Latn', 'nob_Latn',
    'nso_Latn', 'nus_Latn', 'nya_Latn', 'oci_Latn', 'pag_Latn', 'pap_Latn', 'plt_Latn', 'pol_Latn',
    'por_Latn', 'quy_Latn', 'ron_Latn', 'run_Latn', 'sag_Latn', 'scn_Latn', 'slk_Latn', 'slv_Latn',
    'smo_Latn', 'sna_Latn', 'som_Latn', 'sot_Latn', 'spa_Latn', 'srd_Latn', 'ssw_Latn', 'sun_Latn',
    'swe_Latn', 'swh_Latn', 'szl_Latn', 'taq_Latn', 'tgl_Latn', 'tpi_Latn', 'tsn_Latn', 'tso_Latn',
    'tuk_Latn', 'tum_Latn', 'tur_Latn', 'twi_Latn', 'umb_Latn', 'uzn_Latn', 'vec_Latn', 'vie_Latn',
    'war_Latn', 'wol_Latn', 'xho_Latn', 'yor_Latn', 'zsm_Latn', 'zul_Latn',
  ],
  Ethiopic: ['amh_Ethi', 'tir_Ethi'],
  Tibetan: ['bod_Tibt', 'dzo_Tibt'],
  Hebrew: ['heb_Hebr', 'ydd_Hebr'],
  Myanmar: ['mya_Mymr', 'shn_Mymr'],
  Tifinagh: ['tzm_Tfng', 'taq_Tfng'],
  Bengali: ['ben_Beng', 'asm_Beng', 'mni_Beng'],
  Han: ['cmn_Hans', 'cmn_Hant', 'yue_Hant'],
  Devanagari: [
    'hin_Deva',
    'mar_Deva',
    'npi_Deva',
    'mai_Deva',
    'bho_Deva',
    'mag_Deva',
    'awa_Deva',
    'hne_Deva',
    'san_Deva',
    'kas_Deva',
  ],
  Cyrillic: [
    'rus_Cyrl',
    'ukr_Cyrl',
    'bel_Cyrl',
    'bul_Cyrl',
    'mkd_Cyrl',
    'srp_Cyrl',
    'kaz_Cyrl',
    'kir_Cyrl',
    'tat_Cyrl',
    'bak_Cyrl',
    'tgk_Cyrl',
    'khk_Cyrl',
  ],
  Arabic: [
    'ara_Arab',
    'arz_Arab',
    'ary_Arab',
    'aeb_Arab',
    'apc_Arab',
    'ajp_Arab',
    'acm_Arab',
    'acq_Arab',
    'ars_Arab',
    'pes_Arab',
    'prs_Arab',
    'urd_Arab',
    'pbt_Arab',
    'snd_Arab',
    'kas_Arab',
    'ckb_Arab',
    'uig_Arab',
    'azb_Arab',
    'ace_Arab',
    'bjn_Arab',
    'knc_Arab',
  ],
};

/** ISO 15924 codes (as in catalogue codes) → Unicode script names. */
const ISO_SCRIPTS: Record<string, Script> = {
  Latn: 'Latin',
  Cyrl: 'Cyrillic',
  Grek: 'Greek',
  Armn: 'Armenian',
  Hebr: 'Hebrew',
  Arab: 'Arabic',
  Deva: 'Devanagari',
  Beng: 'Bengali',
  Guru: 'Gurmukhi',
  Gujr: 'Gujarati',
  Orya: 'Oriya',
  Taml: 'Tamil',
  Telu: 'Telugu',
  Knda: 'Kannada',
  Mlym: 'Malayalam',
  Sinh: 'Sinhala',
  Thai: 'Thai',
  Laoo: 'Lao',
  Tibt: 'Tibetan',
  Mymr: 'Myanmar',
  Geor: 'Georgian',
  Hang: 'Hangul',
  Ethi: 'Ethiopic',
  Khmr: 'Khmer',
  Hans: 'Han',
  Hant: 'Han',
  Tfng: 'Tifinagh',
};

/**
 * The script a catalogue language is written in, by its code. Japanese (kana with Han) is 'Hiragana'
 * and Santali 'Ol_Chiki' (NLLB calls it sat_Beng, but its text is Ol Chiki).
 */
export function scriptOfLanguage(code: string): Script {
  if (code === 'jpn_Jpan') return 'Hiragana';
  if (code === 'sat_Beng') return 'Ol_Chiki';
  return ISO_SCRIPTS[code.slice(4)] ?? 'Other';
}
