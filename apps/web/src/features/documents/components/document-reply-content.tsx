import type { DocumentReply } from '../document-reply';
import { DocumentProgress } from './document-progress';
import { DocumentResult } from './document-result';

interface DocumentReplyContentProps {
  reply: DocumentReply | undefined;
  /** The server's reason when it refused the file (or the translation failed). */
  error?: string;
  detectedLanguage?: string;
  languageName: (code: string) => string;
}

/**
 * The assistant's reply to a document sent in translate mode: progress while the server works, then
 * the result; when the server refused the file, its own reason.
 */
export function DocumentReplyContent({
  reply,
  error,
  detectedLanguage,
  languageName,
}: DocumentReplyContentProps) {
  if (error !== undefined || !reply) {
    return (
      <div className="flex flex-col gap-1" role="alert">
        {reply && <p className="text-sm font-medium text-slate-900">{reply.fileName}</p>}
        <p dir="auto" className="break-words whitespace-pre-wrap text-red-800">
          {error}
        </p>
      </div>
    );
  }
  if (!reply.result) return <DocumentProgress fileName={reply.fileName} progress={reply.progress} />;
  return (
    <DocumentResult
      result={reply.result}
      {...(detectedLanguage ? { detectedLanguage } : {})}
      languageName={languageName}
    />
  );
}
