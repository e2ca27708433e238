import type { StatusResponse } from '@sema/shared/api/schemas';
import { startSema, type Sema, type SemaOptions } from '@sema/testkit/sema';

/**
 * The real server as its own process (through the test kit), for tests of what only a process shows:
 * exit codes, signals, start-up refusals, connections that would keep it alive. Quiet defaults: errors
 * only, a model that never loads, nothing written to disk, and the operator's routes open (tests read
 * the detailed /status as the operator would, unless they set SEMA_ADMIN_TOKEN or
 * SEMA_OPERATOR_ROUTES). Resolves once it answers `/livez`, unless `options.ready` says otherwise
 * (`false` for a process expected to refuse to start).
 */
export function startServerProcess(
  env: Record<string, string>,
  options: Omit<SemaOptions, 'env'> = {},
): Promise<Sema> {
  return startSema({
    env: {
      SEMA_LOG_LEVEL: 'error',
      SEMA_NLLB_MODEL: '/nonexistent',
      SEMA_GLOSSARY_DB: ':memory:',
      SEMA_USAGE_DB: ':memory:',
      ...(env.SEMA_ADMIN_TOKEN === undefined && env.SEMA_OPERATOR_ROUTES === undefined
        ? { SEMA_OPERATOR_ROUTES: 'open' }
        : {}),
      ...env,
    },
    ready: '/livez',
    ...options,
  });
}

/** The server's /status. */
export async function statusOf(server: Pick<Sema, 'url'>): Promise<StatusResponse> {
  return (await (await fetch(`${server.url}/status`)).json()) as StatusResponse;
}
