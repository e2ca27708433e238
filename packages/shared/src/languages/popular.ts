/**
 * The spec's popular set, in the spec's order. Its own module so that the web app can import it
 * without bundling the whole catalogue (the app gets languages from the API).
 */
export const POPULAR_CODES = [
  'eng_Latn',
  'spa_Latn',
  'fra_Latn',
  'deu_Latn',
  'cmn_Hans',
  'ara_Arab',
  'hin_Deva',
  'rus_Cyrl',
  'por_Latn',
  'jpn_Jpan',
  'swh_Latn',
  'kor_Hang',
] as const;
