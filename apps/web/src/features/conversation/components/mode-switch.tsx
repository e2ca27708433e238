import { ChatIcon, TranslateIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

import type { Mode } from '../types';

const modes = [
  { value: 'chat', label: 'Chat', Icon: ChatIcon },
  { value: 'translate', label: 'Translate', Icon: TranslateIcon },
] as const;

/** The Chat and Translate buttons; the pressed one is the current mode. */
export function ModeSwitch({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  return (
    <div role="group" aria-label="Mode" className="flex rounded-lg bg-slate-100 p-0.5">
      {modes.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={mode === value}
          className={cn(
            'flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium',
            mode === value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900',
          )}
          onClick={() => onChange(value)}
        >
          <Icon width={16} height={16} />
          {label}
        </button>
      ))}
    </div>
  );
}
