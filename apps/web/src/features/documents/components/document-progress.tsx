import { progressPercent, timeLeft, type DocumentReply } from '../document-reply';

/** "Translating report.docx… 42%" with a bar; screen readers get it as a progressbar. */
export function DocumentProgress({ fileName, progress }: Pick<DocumentReply, 'fileName' | 'progress'>) {
  const percent = progressPercent(progress);
  const started = Boolean(progress && progress.total > 0);
  const left = timeLeft(progress);
  return (
    <div className="flex min-w-56 flex-col gap-1.5">
      <p className="text-sm text-slate-700">
        Translating <span className="font-medium text-slate-900">{fileName}</span>…{started && ` ${percent}%`}
        {left && <span className="text-slate-500"> · {left}</span>}
      </p>
      <div
        role="progressbar"
        aria-label={`Translating ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={started ? percent : undefined}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={
            started
              ? 'h-full rounded-full bg-brand-600 transition-[width] duration-300'
              : 'h-full w-1/3 animate-pulse rounded-full bg-brand-300'
          }
          style={started ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  );
}
