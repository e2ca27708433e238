import type { ComponentProps } from 'react';

import type { DetectResponse } from '@sema/shared/api/schemas';

import { TranslateBar } from '@/features/languages/components/translate-bar';
import { useLiveDetection } from '@/features/translate/hooks/use-live-detection';

interface LiveTranslateBarProps extends Omit<ComponentProps<typeof TranslateBar>, 'detectedSource'> {
  /** The text being typed. */
  text: string;
  /** Whether to look for its language (Auto Detect chosen, no file staged). */
  detect: boolean;
  detectLanguage: (text: string) => Promise<DetectResponse | null>;
}

/**
 * The translate bar with Auto Detect naming the language of the text being typed. It lives inside
 * the composer, so a keystroke redraws the input and this bar, not the whole conversation.
 */
export function LiveTranslateBar({ text, detect, detectLanguage, ...bar }: LiveTranslateBarProps) {
  const liveDetection = useLiveDetection(text, detect, detectLanguage);
  return <TranslateBar {...bar} detectedSource={liveDetection?.code} />;
}
