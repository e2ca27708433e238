// A real Sema server of a spec's own, its own process like production (through the test kit), for
// specs that need settings the runner's shared servers do not have (a chat upstream, a model that
// arrives late): the tiny NLLB model, nothing written to disk, its log on this terminal.
import { startSema, TINY_NLLB } from '@sema/testkit/sema';

/**
 * Resolves once the server is ready (translation works, `/readyz/translation`), or once `options.ready` holds.
 * @param {Record<string, string>} [env]
 * @param {Omit<import('@sema/testkit/sema').SemaOptions, 'env'>} [options]
 */
export function startSemaServer(env = {}, options = {}) {
  return startSema({
    env: { SEMA_NLLB_MODEL: TINY_NLLB, SEMA_GLOSSARY_DB: ':memory:', ...env },
    output: 'inherit',
    ...options,
  });
}
