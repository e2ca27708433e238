import { useLanguageLookup } from '@/languages';

import { useStatus } from '../api/get-status';
import { modelLicences } from '../model-licences';

/**
 * Which model translates which pairs on this server, and under which licence, as the server's
 * status says: a user must know whether the pair they use may serve their purpose (NLLB-200's
 * weights are for non-commercial use only, OPUS-MT's ask for attribution). Nothing while the
 * server does not say.
 */
export function ModelLicences() {
  const { data } = useStatus();
  // The server's names, or the catalogue's while its list is not at hand (a chunk of its own).
  const { nameOf } = useLanguageLookup();
  const models = modelLicences(data, nameOf);
  if (models.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="about-model-licences">
      <p className="text-slate-700">On this server:</p>
      <ul className="flex flex-col gap-2 text-slate-700">
        {models.map((model) => (
          <li key={model.model}>
            <span className="font-medium text-slate-900">{model.model}</span> translates {model.serves}, under{' '}
            {model.url ? (
              <a href={model.url} className="font-medium text-brand-700 underline hover:text-brand-800">
                {model.licence}
              </a>
            ) : (
              model.licence
            )}
            {model.terms ? ` (${model.terms})` : ''}.
          </li>
        ))}
      </ul>
      {data?.engines.translation.pivot && (
        <p className="text-slate-700">
          A pair without a model of its own, whose languages both have a pair model with English, goes through
          English, under the licences of both models.
        </p>
      )}
    </div>
  );
}
