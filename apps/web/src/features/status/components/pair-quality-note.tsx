import { useId, useState } from 'react';

import { useStatus } from '../api/get-status';
import { pairQualityNote } from '../pair-quality';

/**
 * Under the language pickers: the quality this pair can be expected to have on this server, in a
 * word and what it means, with the published figure on hover (title) or on a tap of the word. Says
 * "No published figure" for a pair none is published for; nothing while the server does not say.
 */
export function PairQualityNote({ source, target }: { source: string | undefined; target: string }) {
  const { data } = useStatus();
  const [open, setOpen] = useState(false);
  const figureId = useId();
  const note = pairQualityNote(data, source, target);
  if (!note) return null;
  return (
    <div data-testid="pair-quality" className="px-1 text-sm text-slate-700">
      <p>
        <span>Expected quality:</span>{' '}
        {note.figure ? (
          <button
            type="button"
            className="rounded font-medium text-slate-900 underline decoration-dotted underline-offset-2 hover:bg-slate-100"
            title={note.figure}
            aria-expanded={open}
            aria-controls={figureId}
            onClick={() => setOpen((shown) => !shown)}
          >
            {note.label}
          </button>
        ) : (
          <span className="font-medium text-slate-900">{note.label}</span>
        )}
        {note.meaning && <span> — {note.meaning}</span>}
      </p>
      {/* Always there (hidden until tapped), so that aria-controls names an element that exists. */}
      {note.figure && (
        <p id={figureId} hidden={!open} className="text-slate-600">
          {note.figure}
        </p>
      )}
    </div>
  );
}
