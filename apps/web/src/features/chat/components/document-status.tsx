import type { ChatDocument } from '../chat-reply';
import { truncationNote } from '@sema/shared/chat/document-context';
import { LoadingDotsInline } from './loading-dots-inline';

/** How far a document's translation has got, in whole percent, once the server has said. */
function percentRead(progress: ChatDocument['progress']): number | undefined {
  if (!progress || progress.total <= 0) return undefined;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}

/** While the dropped document is read: "Reading notes.txt… 40%". */
export function DocumentReading({ document }: { document: ChatDocument }) {
  const percent = percentRead(document.progress);
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="chat-document-reading">
      <LoadingDotsInline label={`Reading ${document.fileName}`} />
      <span>
        Reading <span className="font-medium text-slate-900">{document.fileName}</span>…
        {percent !== undefined && ` ${percent}%`}
      </span>
    </p>
  );
}

/** Under the answer, when the model saw only the beginning of the document. */
export function DocumentTruncated({ document }: { document: ChatDocument }) {
  if (!document.truncated) return null;
  return <p className="text-xs text-slate-600">{truncationNote(document.fileName)}</p>;
}
