import { AlertIcon } from '@/components/ui/icons';
import { useLanguageLookup } from '@/languages';

import { useStatus } from '../api/get-status';
import { engineNotReadyMessage } from '../engine-message';

/** The notice itself: the engine's state in plain words (engine-notice.tsx says when it shows). */
export function EngineNoticeBody({ engine }: { engine: 'translation' | 'chat' }) {
  const { data } = useStatus();
  const { nameOf } = useLanguageLookup();
  const notice = engineNotReadyMessage(engine, data?.engines[engine], nameOf);
  if (!notice) return null;
  const loading = data?.engines[engine].state === 'loading';
  return (
    <div
      role="status"
      className={
        loading
          ? 'flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900'
          : 'flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800'
      }
    >
      <AlertIcon width={18} height={18} className="mt-px shrink-0" />
      <div className="min-w-0">{notice.message}</div>
    </div>
  );
}
