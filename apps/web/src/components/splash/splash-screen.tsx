import { PRODUCT_NAME } from '@/config/constants';

/**
 * The start-up screen. index.html carries the same markup at 0 %, so the first paint happens before
 * any script runs and React takes over without a visible change.
 */
export function SplashScreen({ progress }: { progress: number }) {
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-white" data-splash>
      <p className="text-4xl font-bold tracking-tight text-brand-700">{PRODUCT_NAME}</p>
      <div
        role="progressbar"
        aria-label={`Loading ${PRODUCT_NAME}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-1.5 w-48 overflow-hidden rounded-full bg-brand-100"
      >
        {/* Scaled rather than resized: a transform animates without laying the page out again. */}
        <div
          className="h-full origin-left rounded-full bg-brand-600 transition-transform duration-150 ease-out"
          style={{ transform: `scaleX(${progress / 100})` }}
        />
      </div>
    </div>
  );
}
