import type { StatusResponse } from '@sema/shared/api/schemas';

/** '60/minute' → '60 requests per minute per IP address'. */
export function describeRateLimit(rateLimit: string | null): string {
  if (!rateLimit) return 'No rate limit on this server';
  const match = /^(\d+)\s*\/\s*(\w+?)s?$/.exec(rateLimit.trim());
  if (!match) return rateLimit;
  return `${Number(match[1]).toLocaleString('en')} requests per ${match[2]} per IP address`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** '5 MB and 100,000 characters of text' from the document limits, when the server reports them. */
function documentLimitRow(limits: StatusResponse['limits']): [string, string][] {
  const { max_document_bytes: bytes, max_document_chars: chars } = limits;
  if (bytes === undefined || chars === undefined) return [];
  const size =
    bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
  return [['Documents', `Up to ${size} per file and ${chars.toLocaleString('en')} characters of text`]];
}

/** How requests to this server's API authenticate, in a sentence. */
export function describeApiKey(keyRequired: boolean | undefined): string {
  return keyRequired
    ? 'Required on this server: send it as Authorization: Bearer <key>, X-API-Key, or api_key'
    : 'None: no key, no sign-up, no authentication';
}

/**
 * What the spec's "sub-second responses" claim is on this server: measured over the translations
 * the model did (echoes and cached answers are not counted), not promised; and not claimed at all
 * while the model cannot translate.
 */
export function describeResponseTimes(
  times: StatusResponse['response_times'],
  translation?: StatusResponse['engines']['translation'],
): string {
  if (translation && translation.state !== 'ready') {
    return translation.state === 'loading'
      ? 'Translation is not available yet: the model is still loading'
      : 'Translation is unavailable on this server right now';
  }
  const translate = times?.translate;
  if (!translate) return 'Not measured yet: the model has translated nothing since the server started';
  const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${+(ms / 1000).toFixed(1)} s`);
  const count =
    translate.samples === 1
      ? 'the last translation'
      : `the last ${translate.samples.toLocaleString('en')} translations`;
  // The figures cover only what the model translated: say so, as it is not every answer.
  const subSecond = translate.p95_ms < 1000 ? 'sub-second: ' : '';
  return `${subSecond}median ${seconds(translate.median_ms)}, 95 % within ${seconds(translate.p95_ms)} (${count} the model did on this server)`;
}

interface ServerLimitsProps {
  status: StatusResponse | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** The limits this server really enforces, read from its /status (not claimed in advance). */
export function ServerLimits({ status, isLoading, isError }: ServerLimitsProps) {
  const rows: [string, string][] = status
    ? [
        ['Text per request', `Up to ${status.limits.max_text_chars.toLocaleString('en')} characters`],
        ...documentLimitRow(status.limits),
        ['Rate limit', describeRateLimit(status.limits.rate_limit)],
        ['API key', describeApiKey(status.api_key_required)],
        ['Cost', 'Free'],
        [
          'Response time',
          capitalise(describeResponseTimes(status.response_times, status.engines.translation)),
        ],
        ['Translation model', status.engines.translation.model ?? status.engines.translation.state],
      ]
    : [];
  // A model id can be a long folder path with no spaces: values wrap anywhere (and the grid column
  // may shrink below its content) rather than widening the page on a phone.
  return (
    // Room for the rows is kept while they load, so the page below does not jump when they arrive.
    <div data-testid="server-limits" className="min-h-48 sm:min-h-40">
      {isLoading && <p className="text-slate-700">Reading the limits from the server…</p>}
      {isError && !status && (
        <p role="alert" className="text-red-800">
          The server's limits could not be read right now. Try reloading the page.
        </p>
      )}
      {status && (
        <dl className="grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-3 sm:grid-cols-[max-content_minmax(0,1fr)]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-900">{term}</dt>
              <dd
                className="text-slate-700 wrap-anywhere"
                data-testid={`limit-${term.toLowerCase().replace(/\W+/g, '-')}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
