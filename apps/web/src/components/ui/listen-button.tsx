import { useState } from 'react';

import { speak, stopSpeaking, useSpeechVoices, voiceFor } from '@/lib/read-aloud';

import { SpeakerIcon } from './icons';
import { ToggleButton } from './toggle-button';

/**
 * Reads a text aloud in its language. Absent where the browser has no voice for that language,
 * so there is never a button that does nothing.
 */
export function ListenButton({ text, languageTag }: { text: string; languageTag: string | undefined }) {
  const voices = useSpeechVoices();
  const [speaking, setSpeaking] = useState(false);
  const voice = languageTag ? voiceFor(voices, languageTag) : undefined;
  if (!voice || !text.trim()) return null;
  return (
    <ToggleButton
      pressed={speaking}
      label="Listen"
      pressedLabel="Stop reading aloud"
      testId="listen"
      className="inline-flex items-center rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      onClick={() => {
        if (speaking) {
          stopSpeaking();
          setSpeaking(false);
          return;
        }
        setSpeaking(true);
        void speak(text, voice).then(() => setSpeaking(false));
      }}
    >
      <SpeakerIcon width={16} height={16} />
    </ToggleButton>
  );
}
