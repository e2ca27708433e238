import { useEffect, useRef, useState } from 'react';

import { dictationErrorMessage, speechRecognition, type Recognition } from '@/lib/speech';

import { MicIcon } from './icons';
import { ToggleButton } from './toggle-button';

interface DictateButtonProps {
  /** BCP 47 tag of the language spoken. */
  languageTag: string;
  /** Dictation starts: the input's text so far is what the words heard go after. */
  onStart: () => void;
  /** Told the words heard so far, to put in the input. */
  onText: (text: string) => void;
  /** Told why dictation stopped on an error (denied microphone, nothing heard, no network), or null when it starts again. */
  onError: (message: string | null) => void;
}

/**
 * Dictation into the input. Hidden where the browser has no speech recognition; pressed while it
 * listens, pressed again to stop. An error is told through `onError`, never swallowed.
 */
export function DictateButton({ languageTag, onStart, onText, onError }: DictateButtonProps) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  useEffect(() => () => recognition.current?.stop(), []);
  const Recognition = speechRecognition();
  if (!Recognition) return null;

  const start = () => {
    onStart();
    onError(null);
    const session = new Recognition();
    session.lang = languageTag;
    session.interimResults = true;
    session.continuous = false;
    session.onresult = (event) => {
      const heard = Array.from(event.results, (result) => result[0]?.transcript ?? '').join('');
      onText(heard);
    };
    session.onend = () => setListening(false);
    session.onerror = (event) => {
      setListening(false);
      const message = dictationErrorMessage(event.error);
      if (message) onError(message);
    };
    recognition.current = session;
    try {
      session.start();
    } catch {
      onError('Dictation could not start. Try again.');
      return;
    }
    setListening(true);
  };

  return (
    <ToggleButton
      pressed={listening}
      label="Speak"
      pressedLabel="Stop dictation"
      testId="dictate"
      className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-pressed:bg-red-50 aria-pressed:text-red-800"
      onClick={() => (listening ? recognition.current?.stop() : start())}
    >
      <MicIcon />
    </ToggleButton>
  );
}
