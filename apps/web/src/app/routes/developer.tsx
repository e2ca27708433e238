import type { ReactNode } from 'react';

import { API_EXPLORER_PATH, PRODUCT_NAME, SOURCE_REPOSITORY_URL } from '@/config/constants';
import { ApiKeyForm } from '@/features/developer/components/api-key-form';
import { CodeExamples } from '@/features/developer/components/code-examples';
import { ServerLimits } from '@/features/developer/components/server-limits';
import { ENDPOINTS, ERROR_EXAMPLE, OTHER_APIS } from '@/features/developer/endpoints';
import { useStatus } from '@/features/status/api/get-status';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4" aria-labelledby={`section-${title}`}>
      <h2 id={`section-${title}`} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /developer: examples, endpoints, responses and the limits read from this server. */
export function DeveloperRoute() {
  const status = useStatus();
  const apiBase = `${window.location.origin}/api/v1`;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-10 px-4 py-10">
      <title>{`API Documentation · ${PRODUCT_NAME}`}</title>
      <header className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">API Documentation</h1>
        <p className="max-w-2xl text-lg text-slate-700" data-testid="api-intro">
          A free HTTP API that translates text between 200+ languages.{' '}
          {status.data?.api_key_required
            ? 'This server asks for an API key: send it as Authorization: Bearer <key>, X-API-Key, or api_key. Send JSON, get JSON.'
            : status.data
              ? 'No API key, no sign-up and no authentication: send JSON, get JSON.'
              : 'Send JSON, get JSON.'}
        </p>
        <p className="text-slate-700">
          Base URL:{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm wrap-anywhere text-slate-900">
            {apiBase}
          </code>
        </p>
        {status.data?.web_access?.mode === 'key' && <ApiKeyForm />}
        <div className="flex flex-wrap gap-3">
          <a
            href={API_EXPLORER_PATH}
            className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Open the live API explorer
          </a>
          {SOURCE_REPOSITORY_URL && (
            <a
              href={SOURCE_REPOSITORY_URL}
              rel="noreferrer"
              className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              Source code repository
            </a>
          )}
        </div>
      </header>

      <Section title="Quick start">
        <CodeExamples apiBase={apiBase} />
      </Section>

      <Section title="Limits">
        <ServerLimits status={status.data} isLoading={status.isPending} isError={status.isError} />
      </Section>

      <Section title="Endpoints">
        <ul className="flex flex-col gap-4">
          {ENDPOINTS.map((endpoint) => (
            <li key={endpoint.path} className="rounded-xl border border-slate-200 p-4">
              <p className="flex flex-wrap items-center gap-2">
                <span
                  className={
                    endpoint.method === 'POST'
                      ? 'rounded bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900'
                      : 'rounded bg-sky-100 px-2 py-0.5 text-xs font-bold text-sky-900'
                  }
                >
                  {endpoint.method}
                </span>
                <code className="text-sm font-semibold break-all text-slate-900">{endpoint.path}</code>
              </p>
              <p className="mt-2 text-slate-700">{endpoint.summary}</p>
              {endpoint.body && (
                <p className="mt-1 text-sm text-slate-700">
                  <span className="font-medium text-slate-900">Body:</span> {endpoint.body}
                </p>
              )}
              {endpoint.example && (
                <details className="mt-3">
                  <summary className="cursor-pointer rounded text-sm font-medium text-brand-700">
                    Response example
                  </summary>
                  <pre
                    className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100"
                    tabIndex={0}
                    aria-label={`Response example for ${endpoint.path}`}
                  >
                    {endpoint.example}
                  </pre>
                </details>
              )}
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Other APIs on this server">
        <p className="text-slate-700">
          Tools written for these services work with this server too: point them at{' '}
          <code className="text-sm wrap-anywhere">{window.location.origin}</code> (the same limits apply).
        </p>
        <ul className="flex flex-col gap-3">
          {OTHER_APIS.map((api) => (
            <li key={api.name} className="rounded-xl border border-slate-200 p-4">
              <p className="font-semibold text-slate-900">
                {api.name}{' '}
                <span className="font-normal text-slate-700">
                  at <code className="text-sm">{api.base}</code>
                </span>
              </p>
              <p className="mt-1 text-sm break-words text-slate-700">{api.paths}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Errors">
        <p className="text-slate-700">
          Every error is JSON with a readable <code>detail</code> and a machine-readable <code>code</code>,
          with a fitting HTTP status (400, 413, 422, 429, 503…). While the translation model is still loading
          the API answers 503.
        </p>
        <pre
          className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100"
          tabIndex={0}
          aria-label="Error example"
        >
          {ERROR_EXAMPLE}
        </pre>
      </Section>
    </div>
  );
}
