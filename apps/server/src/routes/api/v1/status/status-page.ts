/**
 * `/status` opened in a browser: the same facts as the JSON, as a page people can read. API clients
 * (and anyone asking for JSON) keep getting JSON. Only what the caller may see is shown: the page is
 * built from the same answer, public or the operator's.
 */
import type { ModelStatus, StatusResponse } from '@sema/shared/api/schemas';

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

/** What a model's licence allows, said beside its identifier (users must be told, not surprised). */
const LICENCE_TERMS: Record<string, string> = {
  'CC-BY-NC-4.0': 'non-commercial use only',
  'CC-BY-4.0': 'any use, with attribution',
  MIT: 'any use',
  'Apache-2.0': 'any use',
};

function licenceText(licence: string | undefined): string {
  if (!licence) return '';
  const terms = LICENCE_TERMS[licence];
  return terms ? `${licence} (${terms})` : licence;
}

/** The state's colour: a word is always there too, so the colour only helps. */
const STATE_CLASS: Record<string, string> = {
  ready: 'ok',
  loading: 'wait',
  error: 'bad',
  disabled: 'off',
};

/**
 * Readable on a phone and a desktop without the app's bundle: system fonts, a table that scrolls
 * sideways when it must instead of squeezing words a letter a line.
 */
const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:52rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.6rem;margin:0 0 .5rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.overall{padding:.6rem .9rem;border-radius:.5rem;background:#dcfce7;color:#14532d;font-weight:600}
.overall.starting{background:#fef9c3;color:#713f12}.overall.degraded{background:#fee2e2;color:#7f1d1d}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem}
th,td{text-align:left;vertical-align:top;padding:.5rem .75rem;border-bottom:1px solid #e2e8f0}
th{font-size:.85rem;color:#475569;font-weight:600}
td.model{overflow-wrap:anywhere;min-width:9rem}
.state{white-space:nowrap;font-weight:600}.ok{color:#166534}.wait{color:#854d0e}.bad{color:#991b1b}.off{color:#475569}
td.licence{min-width:9rem}
@media (max-width:40rem){thead{display:none}table,tbody,tr,th,td{display:block}tr{padding:.5rem 0;border-bottom:1px solid #e2e8f0}
th,td{border:0;padding:.1rem .75rem}td:empty{display:none}td[data-label]::before{content:attr(data-label) ": ";color:#475569;font-weight:400}}
ul{padding-left:1.25rem}a{color:#1d4ed8}footer{color:#475569;font-size:.9rem}
`;

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
  const state = `${STATES[engine.state] ?? engine.state}${progress}`;
  return `<tr><th scope="row">${escape(name)}</th><td class="state ${STATE_CLASS[engine.state] ?? ''}" data-label="State">${escape(state)}</td><td class="model" data-label="Model">${escape(engine.model ?? '')}</td><td class="licence" data-label="Licence">${escape(licenceText(engine.model_license))}</td><td data-label="Detail">${escape(engine.detail ?? '')}</td></tr>`;
}

/** What a model serves, in words: its pairs, or (the main model) every other pair. */
function servesText(model: ModelStatus): string {
  if (model.allowed === false) return 'nothing: the server may use only commercially licensed models';
  if (model.role === 'main') return 'every other pair';
  return (model.pairs ?? []).map((pair) => pair.replace('-', ' → ')).join(', ');
}

/**
 * A server with pair models: which model serves which pairs under which licence, for everyone
 * to read before they use a pair (CC-BY-NC covers one pair, MIT another).
 */
function modelsSection(translation: StatusResponse['engines']['translation']): string {
  if (!translation.models) return '';
  const rows = translation.models
    .map((model) => {
      const state = STATES[model.state] ?? model.state;
      const family = model.model_family_name ? ` (${model.model_family_name})` : '';
      return `<tr><td class="model" data-label="Model">${escape((model.model ?? '') + family)}</td><td data-label="Serves">${escape(servesText(model))}</td><td class="state ${STATE_CLASS[model.state] ?? ''}" data-label="State">${escape(state)}</td><td class="licence" data-label="Licence">${escape(licenceText(model.model_license))}</td></tr>`;
    })
    .join('\n');
  const pivot = translation.pivot
    ? "<p>Pairs with no model of their own go through English: both models' licences cover them.</p>"
    : '';
  return `<h2>Translation models</h2>
<div class="scroll">
<table>
<thead><tr><th scope="col">Model</th><th scope="col">Serves</th><th scope="col">State</th><th scope="col">Licence</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
${pivot}`;
}

/**
 * Every pair of the published quality table this server serves: the model, its published chrF++
 * on FLORES-200, the figure in words and why that model, so that a reader knows what to expect.
 */
function qualitySection(translation: StatusResponse['engines']['translation']): string {
  if (!translation.quality || translation.quality.length === 0) return '';
  const rows = translation.quality
    .map((entry) => {
      const figure =
        entry.chrf === undefined
          ? 'none published'
          : `${entry.chrf.toFixed(1)}${entry.chrf_basis ? ` (${entry.chrf_basis})` : ''}`;
      return `<tr><td data-label="Pair">${escape(entry.pair.replace('-', ' → '))}</td><td class="model" data-label="Model">${escape(entry.models.join(' then '))}</td><td data-label="chrF++">${escape(figure)}</td><td data-label="Expect">${escape(entry.words)}</td><td data-label="Why">${escape(entry.why)}</td></tr>`;
    })
    .join('\n');
  const licences =
    translation.model_licences === 'commercial'
      ? '<p>This server uses only models whose licence allows commercial use.</p>'
      : '';
  return `<h2>Expected quality</h2>
<p>Published chrF++ on FLORES-200 devtest, from Helsinki-NLP's MT leaderboards (not measured on this server): 50 and above good, 40–50 usable, 30–40 rough, below 30 poor.</p>
${licences}
<div class="scroll">
<table>
<thead><tr><th scope="col">Pair</th><th scope="col">Model</th><th scope="col">chrF++</th><th scope="col">What to expect</th><th scope="col">Why this model</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>`;
}

export function statusPage(status: StatusResponse): string {
  const engines = Object.entries(status.engines)
    .map(([name, engine]) => engineRow(name[0]!.toUpperCase() + name.slice(1), engine))
    .join('\n');
  const limits = status.limits;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sema status</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body>
<main>
<h1>Sema status</h1>
<p class="overall ${status.status}" role="status">${escape(OVERALL[status.status])}</p>
<div class="scroll">
<table>
<thead><tr><th scope="col">Part</th><th scope="col">State</th><th scope="col">Model</th><th scope="col">Licence</th><th scope="col">Detail</th></tr></thead>
<tbody>
${engines}
</tbody>
</table>
</div>
${modelsSection(status.engines.translation)}
${qualitySection(status.engines.translation)}
<h2>Limits</h2>
<ul>
<li>Text per request: ${limits.max_text_chars.toLocaleString('en-US')} characters</li>
<li>Documents: ${Math.round((limits.max_document_bytes ?? 0) / 1024 / 1024)} MB, ${(limits.max_document_chars ?? 0).toLocaleString('en-US')} characters</li>
<li>API key required: ${status.api_key_required ? 'yes' : 'no'}</li>
<li>Rate limit: ${escape(limits.rate_limit ?? 'none')}</li>
</ul>
<footer>Version ${escape(status.version)}, up ${Math.round(status.uptime_seconds / 60)} min. <a href="/">Back to Sema</a> · <a href="/api/v1/docs">API documentation</a> · API clients get the same as JSON.</footer>
</main>
</body>
</html>
`;
}
