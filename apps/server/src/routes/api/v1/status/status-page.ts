/**
 * `/status` opened in a browser: the same facts as the JSON, as a page people can read. API clients
 * (and anyone asking for JSON) keep getting JSON. Only what the caller may see is shown: the page is
 * built from the same answer, public or the operator's.
 */
import type { StatusResponse } from '@sema/shared/api/schemas';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STATES: Record<string, string> = {
  ready: 'Ready',
  loading: 'Loading',
  error: 'Not available',
  disabled: 'Turned off',
};

const OVERALL: Record<StatusResponse['status'], string> = {
  healthy: 'Everything is working.',
  starting: 'Starting: a model is still loading.',
  degraded: 'Something is not working: see below.',
};

/** True when the client wants a page rather than data: a browser's navigation, not an API call. */
export function wantsPage(accept: string | undefined): boolean {
  if (!accept || !/\btext\/html\b/i.test(accept)) return false;
  return !/\bapplication\/json\b/i.test(accept);
}

function engineRow(name: string, engine: StatusResponse['engines'][keyof StatusResponse['engines']]): string {
  const progress =
    engine.state === 'loading' && engine.progress !== undefined
      ? ` (${Math.round(engine.progress * 100)} %)`
      : '';
  const cells = [
    name,
    `${STATES[engine.state] ?? engine.state}${progress}`,
    engine.model ?? '',
    engine.model_license ?? '',
    engine.detail ?? '',
  ];
  return `<tr>${cells.map((cell) => `<td>${escape(String(cell))}</td>`).join('')}</tr>`;
}

export function statusPage(status: StatusResponse): string {
  const engines = Object.entries(status.engines)
    .map(([name, engine]) => engineRow(name[0]!.toUpperCase() + name.slice(1), engine))
    .join('\n');
  const limits = status.limits;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sema status</title></head>
<body>
<main>
<h1>Sema status</h1>
<p><strong>${escape(OVERALL[status.status])}</strong></p>
<table>
<thead><tr><th>Part</th><th>State</th><th>Model</th><th>Licence</th><th>Detail</th></tr></thead>
<tbody>
${engines}
</tbody>
</table>
<h2>Limits</h2>
<ul>
<li>Text per request: ${limits.max_text_chars.toLocaleString('en-US')} characters</li>
<li>Documents: ${Math.round((limits.max_document_bytes ?? 0) / 1024 / 1024)} MB, ${(limits.max_document_chars ?? 0).toLocaleString('en-US')} characters</li>
<li>API key required: ${status.api_key_required ? 'yes' : 'no'}</li>
<li>Rate limit: ${escape(limits.rate_limit ?? 'none')}</li>
</ul>
<p>Version ${escape(status.version)}, up ${Math.round(status.uptime_seconds / 60)} min. <a href="/">Back to Sema</a> · <a href="/api/v1/docs">API documentation</a> · API clients get the same as JSON.</p>
</main>
</body>
</html>
`;
}
