/**
 * How many people speak each catalogue language (millions, first and second language), the basis
 * of the detector's prior (language-prior.ts): short text that fits several languages leans towards
 * the one more people write.
 *
 * Source: Unicode CLDR 48 (`cldr-core` supplemental/territoryInfo.json, Unicode License v3): for
 * each territory, its population × the language's `populationPercent`, summed over territories,
 * rounded to two significant figures. Where CLDR lumps languages together or lacks one, the line
 * says what was done. Figures are rough (CLDR counts literate second-language speakers generously,
 * so English comes out at 1.7 billion); the prior uses their logarithm, so only orders of magnitude
 * matter.
 */
export const SPEAKERS_MILLIONS: Readonly<Record<string, number>> = {
  ace_Arab: 3.9,
  ace_Latn: 3.9,
  acm_Arab: 15, // not in CLDR: Wikipedia
  acq_Arab: 11, // not in CLDR: Wikipedia
  aeb_Arab: 11,
  afr_Latn: 10,
  ajp_Arab: 14, // CLDR apc in Jordan, Palestine, Israel
  aka_Latn: 13, // CLDR ak (Twi is its main variety)
  als_Latn: 6.8,
  amh_Ethi: 39,
  apc_Arab: 30, // CLDR apc, less Jordan, Palestine, Israel
  ara_Arab: 380, // CLDR ar
  ars_Arab: 15, // CLDR has 1.1 (Saudi Arabia only in part): Wikipedia
  ary_Arab: 33,
  arz_Arab: 71,
  asm_Beng: 18,
  ast_Latn: 0.6,
  awa_Deva: 27,
  ayr_Latn: 3, // CLDR ay
  azb_Arab: 23,
  azj_Latn: 10, // CLDR az
  bak_Cyrl: 1.8,
  bam_Latn: 10,
  ban_Latn: 5.1,
  bel_Cyrl: 3,
  bem_Latn: 7.1,
  ben_Beng: 280,
  bho_Deva: 35,
  bjn_Arab: 4.2,
  bjn_Latn: 4.2,
  bod_Tibt: 3.1,
  bos_Latn: 3.8,
  bug_Latn: 4.5,
  bul_Cyrl: 7.7,
  cat_Latn: 8.2,
  ceb_Latn: 28,
  ces_Latn: 13,
  cjk_Latn: 1.3, // not in CLDR: Wikipedia
  ckb_Arab: 5.6,
  cmn_Hans: 1300, // CLDR zh
  cmn_Hant: 39, // CLDR zh_Hant
  crh_Latn: 0.2,
  cym_Latn: 0.9,
  dan_Latn: 7.2,
  deu_Latn: 140,
  dik_Latn: 0.5, // not in CLDR: Wikipedia
  dyu_Latn: 7.4,
  dzo_Tibt: 0.4,
  ell_Grek: 12,
  eng_Latn: 1700,
  epo_Latn: 1, // CLDR counts San Marino only: Wikipedia estimate
  est_Latn: 0.9,
  eus_Latn: 1,
  ewe_Latn: 5.3,
  fao_Latn: 0.07,
  fij_Latn: 0.4,
  fin_Latn: 5.8,
  fon_Latn: 3.7,
  fra_Latn: 330,
  fur_Latn: 0.04,
  fuv_Latn: 16,
  gaz_Latn: 38,
  gla_Latn: 0.08,
  gle_Latn: 1.3,
  glg_Latn: 3.3,
  grn_Latn: 6.1,
  guj_Gujr: 66,
  hat_Latn: 9.5,
  hau_Latn: 42,
  heb_Hebr: 9.4,
  hin_Deva: 580,
  hne_Deva: 16,
  hrv_Latn: 6.8,
  hun_Latn: 12,
  hye_Armn: 5.4,
  ibo_Latn: 31,
  ilo_Latn: 11,
  ind_Latn: 180,
  isl_Latn: 0.4,
  ita_Latn: 70,
  jav_Latn: 96,
  jpn_Jpan: 120,
  kab_Latn: 3.7,
  kac_Latn: 1,
  kam_Latn: 4.4,
  kan_Knda: 52,
  kas_Arab: 6, // CLDR ks (both scripts)
  kas_Deva: 6, // CLDR ks (both scripts)
  kat_Geor: 4.3,
  kaz_Cyrl: 13,
  kbp_Latn: 1.2, // not in CLDR: Wikipedia
  kea_Latn: 0.6,
  khk_Cyrl: 3.1,
  khm_Khmr: 15,
  kik_Latn: 9.9,
  kin_Latn: 12,
  kir_Cyrl: 3,
  kmb_Latn: 9.3,
  kmr_Latn: 7.2,
  knc_Arab: 8, // not in CLDR: Wikipedia
  knc_Latn: 8, // not in CLDR: Wikipedia
  kon_Latn: 1.7,
  kor_Hang: 79,
  lao_Laoo: 5.5,
  lij_Latn: 0.5,
  lim_Latn: 1,
  lin_Latn: 4,
  lit_Latn: 2.4,
  lmo_Latn: 3.8,
  ltg_Latn: 0.2,
  ltz_Latn: 0.4,
  lua_Latn: 11,
  lug_Latn: 6.4,
  luo_Latn: 5.7,
  lus_Latn: 0.9, // not in CLDR: Wikipedia
  lvs_Latn: 1.1,
  mag_Deva: 17,
  mai_Deva: 20,
  mal_Mlym: 46,
  mar_Deva: 99,
  min_Latn: 8.4,
  mkd_Cyrl: 1.6,
  mlt_Latn: 0.5,
  mni_Beng: 1.6,
  mos_Latn: 9.2,
  mri_Latn: 0.1,
  mya_Mymr: 37,
  nld_Latn: 33,
  nno_Latn: 1.4,
  nob_Latn: 5.5,
  npi_Deva: 22,
  nso_Latn: 5.7,
  nus_Latn: 0.7,
  nya_Latn: 19,
  oci_Latn: 2.1,
  ory_Orya: 45,
  pag_Latn: 1.7,
  pan_Guru: 43,
  pap_Latn: 0.2,
  pbt_Arab: 58,
  pes_Arab: 69, // CLDR fa, less Afghanistan
  plt_Latn: 27,
  pol_Latn: 42,
  por_Latn: 250,
  prs_Arab: 20, // CLDR fa in Afghanistan
  quy_Latn: 12,
  ron_Latn: 20,
  run_Latn: 8.6,
  rus_Cyrl: 200,
  sag_Latn: 2.8,
  san_Deva: 0.02,
  sat_Beng: 7.8,
  scn_Latn: 0.5,
  shn_Mymr: 3.7,
  sin_Sinh: 15,
  slk_Latn: 6.8,
  slv_Latn: 2,
  smo_Latn: 0.3,
  sna_Latn: 14,
  snd_Arab: 42,
  som_Latn: 19,
  sot_Latn: 7,
  spa_Latn: 510,
  srd_Latn: 1,
  srp_Cyrl: 7.2,
  ssw_Latn: 2.3,
  sun_Latn: 34,
  swe_Latn: 13,
  swh_Latn: 190,
  szl_Latn: 0.5,
  tam_Taml: 91,
  taq_Latn: 0.9, // not in CLDR: Wikipedia
  taq_Tfng: 0.9, // not in CLDR: Wikipedia
  tat_Cyrl: 2,
  tel_Telu: 100,
  tgk_Cyrl: 10,
  tgl_Latn: 73, // CLDR fil
  tha_Thai: 56,
  tir_Ethi: 11,
  tpi_Latn: 7.1,
  tsn_Latn: 6.5,
  tso_Latn: 5.3,
  tuk_Latn: 7.2,
  tum_Latn: 2.4,
  tur_Latn: 82,
  twi_Latn: 13, // CLDR ak
  tzm_Tfng: 3.7,
  uig_Arab: 7.8,
  ukr_Cyrl: 24,
  umb_Latn: 11,
  urd_Arab: 310,
  uzn_Latn: 32, // CLDR uz
  vec_Latn: 1.4,
  vie_Latn: 92,
  war_Latn: 3.4,
  wol_Latn: 13,
  xho_Latn: 11,
  ydd_Hebr: 0.9,
  yor_Latn: 32,
  yue_Hant: 82,
  zsm_Latn: 37,
  zul_Latn: 15,
};

/** The `count` catalogue languages with the most speakers, most first. */
export function mostSpoken(count: number): string[] {
  return Object.entries(SPEAKERS_MILLIONS)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([code]) => code);
}
