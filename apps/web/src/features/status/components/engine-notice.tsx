import { Suspense } from 'react';

import { lazyComponent } from '@/lib/lazy';

import { useStatus } from '../api/get-status';

/** Its words and their rules are a chunk of their own: a ready server never fetches them. */
const EngineNoticeBody = lazyComponent(() =>
  import('./engine-notice-body').then((module) => module.EngineNoticeBody),
);

/**
 * Says plainly when an engine cannot answer yet (downloading, failed, turned off), before anyone
 * types, instead of letting a translation or a chat fail without explanation.
 */
export function EngineNotice({ engine }: { engine: 'translation' | 'chat' }) {
  const { data } = useStatus();
  const state = data?.engines[engine].state;
  if (state === undefined || state === 'ready') return null;
  return (
    <Suspense>
      <EngineNoticeBody engine={engine} />
    </Suspense>
  );
}
