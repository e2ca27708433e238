import { useLanguageLookup } from '../hooks/use-language-lookup';
import { languageTag } from '../language-tag';

interface DetectedLanguageProps {
  code: string;
  /** The detector's confidence, 0–1, when it was asked. */
  confidence?: number;
}

/**
 * 'Detected language: Swahili · Kiswahili (confidence 97 %)' under a reply whose source was
 * detected: the English name, the language's own name in its script, and how sure the detector was.
 */
export function DetectedLanguage({ code, confidence }: DetectedLanguageProps) {
  const { find, nameOf } = useLanguageLookup();
  const language = find(code);
  return (
    <p className="text-xs text-slate-600" data-testid="detected-language">
      Detected language: {nameOf(code)}
      {language && language.native_name !== language.name && (
        <>
          {' · '}
          <span lang={languageTag(code, language.script)} dir="auto">
            {language.native_name}
          </span>
        </>
      )}
      {confidence !== undefined && Number.isFinite(confidence) && (
        <> (confidence {Math.round(Math.min(1, Math.max(0, confidence)) * 100)} %)</>
      )}
    </p>
  );
}
