import type { LanguagesResponse } from '@sema/shared/api/schemas';

/** A few real catalogue entries, enough to exercise tabs, search and scripts in component tests. */
export const LANGUAGES_FIXTURE: LanguagesResponse = {
  languages: {
    eng_Latn: { name: 'English', native_name: 'English', region: 'Americas', script: 'Latn' },
    fra_Latn: { name: 'French', native_name: 'français', region: 'Europe', script: 'Latn' },
    spa_Latn: { name: 'Spanish', native_name: 'español', region: 'Europe', script: 'Latn' },
    swh_Latn: { name: 'Swahili', native_name: 'Kiswahili', region: 'Africa', script: 'Latn' },
    amh_Ethi: { name: 'Amharic', native_name: 'አማርኛ', region: 'Africa', script: 'Ethi' },
    yor_Latn: { name: 'Yoruba', native_name: 'Èdè Yorùbá', region: 'Africa', script: 'Latn' },
    hin_Deva: { name: 'Hindi', native_name: 'हिन्दी', region: 'Asia', script: 'Deva' },
    cmn_Hans: { name: 'Chinese (Simplified)', native_name: '中文（简体）', region: 'Asia', script: 'Hans' },
    quy_Latn: { name: 'Ayacucho Quechua', native_name: 'Runasimi', region: 'Americas', script: 'Latn' },
    mri_Latn: { name: 'Maori', native_name: 'Māori', region: 'Oceania', script: 'Latn' },
    urd_Arab: { name: 'Urdu', native_name: 'اردو', region: 'Asia', script: 'Arab' },
  },
  total_count: 11,
};
