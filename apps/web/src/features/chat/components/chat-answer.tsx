import { UI_ERRORS } from '@sema/shared/errors';
import { useState } from 'react';

import { ErrorDetails } from '@/components/ui/error-details';
import { DetectedLanguage } from '@/languages';
import { retryCannotHelp } from '@/lib/plain-error';

import { displayedAnswer, type ChatReply } from '../chat-reply';
import { stopGeneration } from '../generations';
import { DocumentReading, DocumentTruncated } from './document-status';
import { LoadingDotsInline } from './loading-dots-inline';
import { Markdown } from './markdown';
import { ReasoningSection } from './reasoning-section';

/**
 * A chat-mode reply: collapsed reasoning, the answer as Markdown in the user's language (growing as
 * it streams and is translated), a control to read the English original, and Stop while it runs.
 * A reply about a dropped document first says it is reading it, and notes when only part was read.
 */
export function ChatAnswer({ reply }: { reply: ChatReply }) {
  const [showEnglish, setShowEnglish] = useState(false);
  const streaming = reply.status === 'streaming' || reply.status === 'preparing';
  const translated = reply.translationUsed && !reply.answerTranslationFailed;
  const text = showEnglish ? reply.english : displayedAnswer(reply);
  // The English is ahead of its translation while sentences are on their way.
  const catchingUp =
    translated && !showEnglish && reply.translated.length === 0 && reply.english.trim().length > 0;
  // The dropped document is still being read (translated into English on the server).
  const readingDocument =
    reply.status === 'preparing' && reply.document?.english === undefined ? reply.document : undefined;

  return (
    <div className="flex flex-col gap-1" data-testid="chat-answer" data-status={reply.status}>
      <ReasoningSection reply={reply} />
      {text && (
        <div
          lang={showEnglish || !translated ? 'en' : undefined}
          data-testid={showEnglish ? 'chat-answer-english' : 'chat-answer-text'}
        >
          <Markdown text={text} />
        </div>
      )}
      {readingDocument && <DocumentReading document={readingDocument} />}
      {(catchingUp || (streaming && !text && !readingDocument)) && (
        <LoadingDotsInline label={catchingUp ? 'Translating the answer' : 'Writing the answer'} />
      )}
      {reply.status === 'done' && !reply.english.trim() && (
        <p className="text-sm text-slate-600">
          The model gave no answer (it may have used all its tokens thinking).
        </p>
      )}
      {reply.document && reply.english.trim() && <DocumentTruncated document={reply.document} />}
      {reply.status === 'stopped' && <p className="text-xs text-slate-600">Stopped.</p>}
      {reply.answerTranslationFailed && (
        <p className="text-sm text-amber-800">Translation failed, so the answer is shown in English.</p>
      )}
      {reply.detectedLanguage && (reply.status === 'done' || reply.status === 'stopped') && (
        <DetectedLanguage code={reply.detectedLanguage} confidence={reply.detectionConfidence} />
      )}
      {reply.error && retryCannotHelp(reply.error.code) ? (
        // A retry cannot help: the reason and what to do instead, in two lines, no "Please try again".
        <div role="alert" className="flex flex-col gap-0.5">
          <p className="font-medium text-red-800">{reply.error.message}</p>
          {reply.error.detail && <p className="text-sm text-red-800">{reply.error.detail}</p>}
        </div>
      ) : (
        reply.error && (
          <div role="alert" className="flex flex-col gap-0.5">
            <p className="font-medium text-red-800">{UI_ERRORS.chat}</p>
            <p className="text-sm text-red-800">{reply.error.message}</p>
            {reply.error.detail && reply.error.detail !== reply.error.message && (
              <p className="text-sm text-red-800">{reply.error.detail}</p>
            )}
            <ErrorDetails detail={reply.error.technical} />
          </div>
        )
      )}
      <div className="flex flex-wrap items-center gap-2">
        {streaming && (
          <button
            type="button"
            onClick={() => stopGeneration(reply.generationId)}
            className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100"
          >
            Stop generating
          </button>
        )}
        {reply.translationUsed && reply.english.trim() && !reply.answerTranslationFailed && (
          <button
            type="button"
            aria-pressed={showEnglish}
            onClick={() => setShowEnglish((value) => !value)}
            className="rounded-md px-1.5 py-1 text-xs font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {showEnglish ? 'Show translation' : 'Show English original'}
          </button>
        )}
      </div>
    </div>
  );
}
