import type { DetectResponse } from '@sema/shared/api/schemas';
import { AUTO, isBlank } from '@sema/shared/validation';
import { Suspense, useEffect, type ComponentProps } from 'react';

import { TranslateBar } from '@/languages/components/translate-bar';
import { useLanguageLookup } from '@/languages/hooks/use-language-lookup';
import { useLiveDetection } from '@/features/translate/hooks/use-live-detection';
import { alreadyInTarget, alreadyInTargetNote } from '@/features/translate/same-language';
import { lazyComponent } from '@/lib/lazy';

/**
 * The pair's expected quality: shown only once the source is known (chosen, or detected from what
 * is typed), so its code is fetched when the browser is idle (home-route.tsx), not on the first
 * screen.
 */
export const PairQualityNote = lazyComponent(() =>
  import('@/features/status/components/pair-quality-note').then((module) => module.PairQualityNote),
);

interface LiveTranslateBarProps extends Omit<
  ComponentProps<typeof TranslateBar>,
  'detectedSource' | 'detectedNear' | 'sameLanguageNote'
> {
  /** The text being typed. */
  text: string;
  /** A file is staged: the text is a note for the document, not what gets translated. */
  fileStaged: boolean;
  detectLanguage: (text: string) => Promise<DetectResponse | null>;
  /** Told whether the typed text is already in the target language (Send then waits). */
  onSameLanguageChange: (same: boolean) => void;
}

/**
 * The translate bar with Auto Detect naming the language of the text being typed. It lives inside
 * the composer, so a keystroke redraws the input and this bar, not the whole conversation. When
 * the text is already in the target language it says so under the bar, and the screen holds Send.
 * Under it, the pair's expected quality on this server.
 */
export function LiveTranslateBar({
  text,
  fileStaged,
  detectLanguage,
  onSameLanguageChange,
  ...bar
}: LiveTranslateBarProps) {
  const liveDetection = useLiveDetection(text, bar.source === AUTO && !fileStaged, detectLanguage);
  const { nameOf } = useLanguageLookup();
  const pairSource = bar.source === AUTO ? liveDetection?.code : bar.source;
  const same = fileStaged ? null : alreadyInTarget(bar.source, bar.target, liveDetection?.code);
  const blocked = same !== null && !isBlank(text);
  useEffect(() => onSameLanguageChange(blocked), [blocked, onSameLanguageChange]);
  return (
    <div className="flex flex-col gap-1">
      <TranslateBar
        {...bar}
        detectedSource={liveDetection?.code}
        detectedNear={liveDetection?.near}
        sameLanguageNote={blocked && same ? alreadyInTargetNote(nameOf(same)) : undefined}
      />
      {pairSource !== undefined && (
        <Suspense>
          <PairQualityNote source={pairSource} target={bar.target} />
        </Suspense>
      )}
    </div>
  );
}
