/**
 * Downloads through the operator's proxy. Node's fetch ignores HTTPS_PROXY, HTTP_PROXY and NO_PROXY;
 * every download Sema makes (the translation model and tokenizer through transformers.js, the local
 * chat model through node-llama-cpp, the hub checks) goes through fetch. So each process entry
 * (server.ts, the model process's bootstrap) calls this first: when a proxy variable is set, undici's
 * EnvHttpProxyAgent becomes the process's fetch dispatcher, honouring NO_PROXY. Loopback addresses
 * never go through the proxy. Without a proxy variable nothing changes (undici is not even loaded:
 * importing it replaces fetch's dispatcher).
 */

type Env = Record<string, string | undefined>;

const read = (env: Env, name: string) => (env[name.toLowerCase()] ?? env[name])?.trim() || undefined;

/** Always direct: this machine. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy: string;
}

/** The proxy settings in `env` (lowercase names first, as curl reads them); undefined without any. */
export function proxySettings(env: Env = process.env): ProxySettings | undefined {
  const httpProxy = read(env, 'HTTP_PROXY');
  const httpsProxy = read(env, 'HTTPS_PROXY') ?? httpProxy;
  if (!httpProxy && !httpsProxy) return undefined;
  const noProxy = read(env, 'NO_PROXY');
  return {
    ...(httpProxy && { httpProxy }),
    ...(httpsProxy && { httpsProxy }),
    noProxy: noProxy === '*' ? '*' : [noProxy, ...LOOPBACK].filter(Boolean).join(','),
  };
}

/** A proxy URL without its user and password, for the log. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return '(not a URL)';
  }
}

/**
 * Sends this process's fetch through the proxy named in `env`, if any; answers the settings used
 * (undefined: downloads go direct).
 */
export async function useProxyFromEnvironment(env: Env = process.env): Promise<ProxySettings | undefined> {
  const settings = proxySettings(env);
  if (!settings) return undefined;
  const { EnvHttpProxyAgent, setGlobalDispatcher } = await import('undici');
  // Without an HTTP_PROXY, plain http:// requests (a local mirror, inference nodes) go direct. An
  // http:// URL is asked of the proxy as a plain request, as curl does (many proxies allow CONNECT
  // only to port 443); https:// goes through a CONNECT tunnel.
  setGlobalDispatcher(new EnvHttpProxyAgent({ httpProxy: '', ...settings, proxyTunnel: false }));
  return settings;
}
