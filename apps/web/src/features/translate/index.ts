/** What other features use of the translate feature: its calls, through the client cache. */
export { detectLanguage } from './api/detect-language';
export { confidenceOf, translateText } from '@/lib/translate-text';
export type { TranslationApi } from './hooks/use-translation';
