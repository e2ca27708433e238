import { DOCUMENT_ACCEPT } from '@sema/shared/api/document-formats';
import { isBlank, MAX_TEXT_CHARS, textTooLongMessage } from '@sema/shared/validation';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';

import { DictateButton } from '@/components/ui/dictate-button';
import { FormAlert } from '@/components/ui/form-alert';
import { PaperclipIcon, SendIcon } from '@/components/ui/icons';
import { INPUT_MAX_ROWS } from '@/config/constants';
import { cn } from '@/lib/cn';

import { useAutoGrow } from '../hooks/use-auto-grow';
import { composerPlaceholder, TEXT_BESIDE_FILE_NOTE } from '../placeholders';
import type { Mode } from '../types';
import { FileChip } from './file-chip';
import { ModeSwitch } from './mode-switch';
import { SettingsMenu } from './settings-menu';

export interface ComposerSubmission {
  text: string;
  file: File | null;
}

interface ComposerProps {
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  /** The staged file; the drop area lives around the whole screen, so its owner holds it. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** Why the last file dropped or picked was not staged (its type cannot be translated). */
  fileRefusal?: string | null;
  onSend: (submission: ComposerSubmission) => void;
  /**
   * Drawn above the box with the text being typed, e.g. the translate bar, which names the language
   * of the text. Only this part of the screen redraws as the text changes.
   */
  header?: (text: string) => ReactNode;
  /** The server's limit on the text of one request (characters, as the server counts them). */
  maxChars?: number;
  /**
   * Sending cannot work in this mode (chat turned off on the server): Send is disabled, and the
   * notice above the box says why.
   */
  sendBlocked?: boolean;
  /** The text the box starts with (a draft kept from before a reload). */
  initialText?: string;
  /** Told every change of the text, to keep it as a draft. */
  onTextChange?: (text: string) => void;
  /** BCP 47 tag of the language typed, for dictation (the button shows where the browser can). */
  dictationLanguage?: string;
  /** Drawn above the box, inside the form (e.g. "Editing a sent message"). */
  banner?: ReactNode;
}

/** The counter shows from this share of the limit on, so it is there before the limit, not at it. */
const COUNTER_FROM = 0.8;

/**
 * The input area: Enter sends, Shift+Enter adds a line, the box grows to five rows,
 * a staged file shows as a chip, and send needs text or a file.
 */
export function Composer({
  mode,
  onModeChange,
  file,
  onFileChange,
  fileRefusal,
  onSend,
  header,
  maxChars = MAX_TEXT_CHARS,
  sendBlocked = false,
  initialText = '',
  onTextChange,
  dictationLanguage,
  banner,
}: ComposerProps) {
  const dictationBase = useRef('');
  const [dictationError, setDictationError] = useState<string | null>(null);
  const [text, setTextState] = useState(initialText);
  const setText = (next: string) => {
    setTextState(next);
    onTextChange?.(next);
  };
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  useAutoGrow(areaRef, text, INPUT_MAX_ROWS);

  const counterId = useId();
  const tooLong = text.length > maxChars;
  const showCounter = text.length >= maxChars * COUNTER_FROM;
  const canSend = (!isBlank(text) || file !== null) && !tooLong && !sendBlocked;
  const textUnused = mode === 'translate' && file !== null && !isBlank(text);
  const noteId = useId();

  const send = () => {
    if (!canSend) return;
    onSend({ text, file });
    setText('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method is composing, Enter confirms the composition rather than sending.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex w-full flex-col gap-2" aria-label="Message">
      {header?.(text)}
      {banner}
      {fileRefusal && <FormAlert>{fileRefusal}</FormAlert>}
      {dictationError && <FormAlert>{dictationError}</FormAlert>}
      <div className="rounded-2xl border border-slate-300 bg-white shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100">
        {file && (
          <div className="px-3 pt-3">
            <FileChip file={file} onRemove={() => onFileChange(null)} />
          </div>
        )}
        <label htmlFor={inputId} className="sr-only">
          {mode === 'translate' ? 'Text to translate' : 'Message'}
        </label>
        <textarea
          id={inputId}
          ref={areaRef}
          rows={1}
          dir="auto"
          value={text}
          placeholder={composerPlaceholder(mode, file !== null)}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          // Line height 1.5rem, padding 1.25rem: at most INPUT_MAX_ROWS lines before it scrolls.
          style={{ maxHeight: `calc(${INPUT_MAX_ROWS} * 1.5rem + 1.25rem)` }}
          className="block w-full resize-none overflow-y-auto bg-transparent px-4 pt-3 pb-2 text-base leading-6 text-slate-900 [field-sizing:content] placeholder:text-slate-500 focus:outline-none"
          aria-invalid={tooLong || undefined}
          aria-describedby={
            [showCounter && counterId, textUnused && noteId].filter(Boolean).join(' ') || undefined
          }
        />
        {textUnused && (
          <p
            id={noteId}
            role="status"
            data-testid="text-beside-file"
            className="px-4 pb-1 text-xs text-amber-900"
          >
            {TEXT_BESIDE_FILE_NOTE}
          </p>
        )}
        {showCounter && (
          <p
            id={counterId}
            data-testid="length-counter"
            className={cn('px-4 pb-1 text-right text-xs', tooLong ? 'text-red-800' : 'text-slate-600')}
          >
            {tooLong && <span role="alert">{textTooLongMessage(text.length, maxChars)}. </span>}
            {text.length.toLocaleString('en')} / {maxChars.toLocaleString('en')}
          </p>
        )}
        <div className="flex items-center justify-between gap-2 px-2 pb-2">
          {/* On a narrow phone with every tool shown, the mode switch wraps below the icons rather
              than slide under the send button. */}
          <div className="flex min-w-0 flex-wrap items-center gap-1">
            <button
              type="button"
              className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Attach a file"
              onClick={() => fileInputRef.current?.click()}
            >
              <PaperclipIcon />
            </button>
            <input
              ref={fileInputRef}
              type="file"
              accept={DOCUMENT_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) onFileChange(chosen);
                event.target.value = '';
              }}
            />
            {dictationLanguage && (
              <DictateButton
                languageTag={dictationLanguage}
                onStart={() => {
                  dictationBase.current = text.trim() ? `${text.trimEnd()} ` : '';
                }}
                onText={(heard) => setText(dictationBase.current + heard)}
                onError={setDictationError}
              />
            )}
            <SettingsMenu />
            <ModeSwitch mode={mode} onChange={onModeChange} />
          </div>
          <button
            type="submit"
            disabled={!canSend}
            aria-label="Send"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-500"
          >
            <SendIcon />
          </button>
        </div>
      </div>
    </form>
  );
}
