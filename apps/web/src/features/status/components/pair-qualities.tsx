import { QUALITY_LABELS } from '@sema/shared/quality/quality';

import { useLanguageLookup } from '@/languages';

import { useStatus } from '../api/get-status';
import { FIGURE_SOURCE, figureText } from '../pair-quality';

/**
 * The About page's list of expected quality: every pair of the published table this server
 * serves, in a word, with the figure and the model on hover (title) and in the text for screen
 * readers and phones. Nothing while the server does not say.
 */
export function PairQualities() {
  const { data } = useStatus();
  const { nameOf } = useLanguageLookup();
  const quality = data?.engines.translation.quality;
  if (!quality || quality.length === 0) return null;
  const commercial = data?.engines.translation.model_licences === 'commercial';
  return (
    <div className="flex flex-col gap-2" data-testid="about-pair-quality">
      <h3 className="text-lg font-semibold text-slate-900">Expected quality</h3>
      <p className="text-slate-700">
        How well each pair can be expected to translate here, from the chrF++ scores on FLORES-200 published
        by {FIGURE_SOURCE} (not measured on this server): good at 50 and above, usable from 40, rough from 30,
        poor below.
        {commercial && ' This server uses only models whose licence allows commercial use.'}
      </p>
      <ul className="grid gap-1 text-slate-700 sm:grid-cols-2">
        {quality.map((entry) => {
          const [source = '', target = ''] = entry.pair.split('-');
          const figure = figureText(entry);
          return (
            <li key={entry.pair} title={figure}>
              {nameOf(source)} → {nameOf(target)}:{' '}
              <span className="font-medium text-slate-900">{QUALITY_LABELS[entry.quality]}</span>
              {entry.chrf !== undefined && (
                <span className="text-slate-600">
                  {' '}
                  (chrF++ {entry.chrf.toFixed(1)}, {entry.models.join(' then ')})
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
