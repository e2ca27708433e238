import { useEffect, useState } from 'react';

/**
 * Reading aloud (speechSynthesis): it exists only in some browsers, and voices only for some
 * languages, so the Listen button shows only where these say the browser can.
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
