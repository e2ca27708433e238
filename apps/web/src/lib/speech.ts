import { useEffect, useState } from 'react';

/**
 * The browser's speech: voices that read aloud (speechSynthesis) and dictation (SpeechRecognition).
 * Both exist only in some browsers, and voices only for some languages: callers show their buttons
 * only where these say the browser can.
 */

/** The primary language of a BCP 47 tag, lower case: 'sw-KE' → 'sw'. */
const primary = (tag: string) => tag.split(/[-_]/)[0]!.toLowerCase();

/** A voice for a language tag, preferring the browser's default among several. */
export function voiceFor(
  voices: readonly SpeechSynthesisVoice[],
  tag: string,
): SpeechSynthesisVoice | undefined {
  const matching = voices.filter((voice) => primary(voice.lang) === primary(tag));
  return matching.find((voice) => voice.default) ?? matching[0];
}

/** The voices the browser has, kept up to date: most browsers load them after the page. */
export function useSpeechVoices(): readonly SpeechSynthesisVoice[] {
  const synthesis = typeof window === 'undefined' ? undefined : window.speechSynthesis;
  const [voices, setVoices] = useState<readonly SpeechSynthesisVoice[]>(() => synthesis?.getVoices() ?? []);
  useEffect(() => {
    if (!synthesis) return;
    const update = () => setVoices(synthesis.getVoices());
    update();
    synthesis.addEventListener?.('voiceschanged', update);
    return () => synthesis.removeEventListener?.('voiceschanged', update);
  }, [synthesis]);
  return voices;
}

/** Reads text aloud with a voice; a second call stops the first. Resolves when it ends. */
export function speak(text: string, voice: SpeechSynthesisVoice): Promise<void> {
  const synthesis = window.speechSynthesis;
  synthesis.cancel();
  return new Promise((resolve) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.onend = () => resolve();
    utterance.onerror = () => resolve();
    synthesis.speak(utterance);
  });
}

export function stopSpeaking(): void {
  window.speechSynthesis?.cancel();
}

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
