/**
 * Response examples, as plain data: the OpenAPI document (through the schemas) and the web app's
 * developer page show the same ones, and the page does not pull TypeBox into its bundle.
 */

export const TRANSLATE_RESPONSE_EXAMPLE = {
  translated_text: 'Habari, hujambo?',
  source_language: 'eng_Latn',
  target_language: 'swh_Latn',
  confidence_score: 1,
  processing_time: 0.21,
};

export const DETECT_RESPONSE_EXAMPLE = {
  detected_language: 'swh_Latn',
  confidence: 0.93,
  alternatives: [{ language: 'run_Latn', confidence: 0.04 }],
  language_name: 'Swahili',
  native_name: 'Kiswahili',
};

/** One entry of the map shown; a real answer lists every language. */
export const LANGUAGES_RESPONSE_EXAMPLE = {
  languages: {
    swh_Latn: { name: 'Swahili', native_name: 'Kiswahili', region: 'Africa', script: 'Latn' },
  },
  total_count: 202,
};

export const TRANSLATE_DOCUMENT_RESPONSE_EXAMPLE = {
  file_name: 'episode.sw.srt',
  format: 'srt',
  mime_type: 'application/x-subrip',
  text: '1\n00:00:01,000 --> 00:00:02,500\nHabari za asubuhi.\n',
  source_language: 'eng_Latn',
  target_language: 'swh_Latn',
  characters: 13,
  processing_time: 0.42,
  preview: 'Habari za asubuhi.',
  truncated: false,
};
