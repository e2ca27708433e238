import { PRODUCT_NAME } from '@/config/constants';

/** The heading addressed to the product by name, and a subtext that depends on signing in. */
export function Welcome({ displayName }: { displayName: string | null }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Welcome to {PRODUCT_NAME}
      </h1>
      {/* A name can be long and unbroken, or right to left: it wraps anywhere and keeps its own direction. */}
      <p className="max-w-xl text-base [overflow-wrap:anywhere] text-slate-700 sm:text-lg">
        {displayName ? (
          <>
            Good to see you, <bdi>{displayName}</bdi>. Translate text or chat with the assistant in any of
            200+ languages.
          </>
        ) : (
          'Try our translation and chat features. No signup required to get started.'
        )}
      </p>
    </div>
  );
}
