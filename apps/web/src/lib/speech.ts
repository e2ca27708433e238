/**
 * Dictation (SpeechRecognition): it exists only in some browsers, so the microphone button shows
 * only where `speechRecognition()` finds it. Reading aloud is `read-aloud.ts`.
 */

/** The minimal part of the Web Speech API's recognition used here (browsers name it two ways). */
export interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  start: () => void;
  stop: () => void;
  onresult:
    | ((event: { results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void)
    | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
}

type RecognitionConstructor = new () => Recognition;

/** The browser's speech recognition, or undefined where it has none. */
export function speechRecognition(): RecognitionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const scope = window as unknown as Record<string, RecognitionConstructor | undefined>;
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/**
 * What to tell someone when dictation stops on an error (the Web Speech API's `error` codes), or
 * undefined when they stopped it themselves.
 */
export function dictationErrorMessage(error: string): string | undefined {
  switch (error) {
    case 'aborted':
      return undefined;
    case 'not-allowed':
    case 'service-not-allowed':
      return 'Dictation needs the microphone, and this browser was not allowed to use it. Allow the microphone for this site in the browser’s settings, then try again.';
    case 'no-speech':
      return 'Nothing was heard. Press the microphone and speak again.';
    case 'audio-capture':
      return 'No microphone could be used: none was found, or another app is using it.';
    case 'network':
      return 'Dictation could not reach the browser’s speech service. Check the connection and try again.';
    case 'language-not-supported':
      return 'This browser cannot take dictation in this language.';
    default:
      return `Dictation stopped (${error}). Try again.`;
  }
}
