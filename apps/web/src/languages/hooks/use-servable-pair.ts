import { AUTO } from '@sema/shared/validation';
import { useEffect } from 'react';

import { useLanguages } from '../api/get-languages';
import { servablePair } from '../served-pairs';

interface ChosenPair {
  source: string;
  target: string;
  setSource: (code: string) => void;
  setTarget: (code: string) => void;
}

/**
 * Keeps the chosen pair one the server translates, once its list is known: a remembered choice
 * the server's models no longer serve (or a target a pair model's source does not reach) would
 * otherwise only meet a refusal at Send.
 */
export function useServablePair({ source, target, setSource, setTarget }: ChosenPair): void {
  const { data } = useLanguages();
  useEffect(() => {
    const servable = servablePair(data, { source, target }, AUTO);
    if (servable.source !== source) setSource(servable.source);
    if (servable.target !== target) setTarget(servable.target);
  }, [data, source, target, setSource, setTarget]);
}
