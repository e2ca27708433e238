import { useEffect, useRef, useState } from 'react';

import { needsWebFont } from '@/lib/web-font-scripts';
import { cn } from '@/lib/cn';

import { languageTag } from '../language-tag';

interface NativeNameProps {
  code: string;
  /** The script the name is written in (the catalogue's, which may differ from the code's). */
  script: string;
  text: string;
  className?: string;
}

/**
 * A language's name in its own script. Names in a script we ship a font for are written only once
 * their row scrolls near the view: a laid-out name makes the browser fetch its font (up to 160 kB for
 * Tibetan), and a list of 202 languages should not fetch five fonts for rows nobody looks at.
 */
export function NativeName({ code, script, text, className }: NativeNameProps) {
  const ref = useRef<HTMLSpanElement>(null);
  // Without IntersectionObserver (old browsers, jsdom) every name is written at once.
  const [shown, setShown] = useState(
    () => !needsWebFont(script) || typeof IntersectionObserver === 'undefined',
  );

  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { root: element.closest('[role="listbox"]'), rootMargin: '80px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  return (
    <span ref={ref} lang={languageTag(code, script)} dir="auto" className={cn('min-w-8', className)}>
      {shown ? text : null}
    </span>
  );
}
