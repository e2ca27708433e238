/** What other features use of the languages feature. */
export { DetectedLanguage } from './components/detected-language';
export { useLanguageLookup } from './hooks/use-language-lookup';
export { languageTag } from './language-tag';
