import { useEffect, useState } from 'react';

import { startServiceWorker } from './service-worker';

/**
 * A quiet note when a new release of Sema is ready: the app never changes under the person; it
 * switches when they choose Reload (or on their next visit). "Later" hides the note until then.
 */
export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => Promise<void>) | null>(null);
  const [reloading, setReloading] = useState(false);

  useEffect(() => startServiceWorker({ onUpdateReady: (next) => setApply(() => next) }), []);

  if (!apply) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 top-16 z-40 mx-auto flex w-fit max-w-[calc(100vw-1.5rem)] items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-2 text-sm text-slate-800 shadow-lg"
    >
      <span>Update available</span>
      <button
        type="button"
        disabled={reloading}
        className="rounded-md bg-brand-600 px-3 py-1 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        onClick={() => {
          setReloading(true);
          void apply();
        }}
      >
        Reload
      </button>
      <button
        type="button"
        className="rounded-md px-2 py-1 font-medium text-slate-700 hover:bg-slate-100"
        onClick={() => setApply(null)}
      >
        Later
      </button>
    </div>
  );
}
