/**
 * `npm run keys -- <command>`: the operator's API keys on a running server, through its admin routes
 * (so it works the same for one process, a cluster on Redis, or a container): SEMA_URL (default
 * http://localhost:3000) and SEMA_ADMIN_TOKEN from the environment.
 *
 *   list                              every key, its source, limit and usage this month
 *   create <name> [--limit 500k]      makes a key and prints it (this once)
 *   limit <id> <chars|none>           changes a managed key's monthly limit
 *   revoke <id>                       refuses a managed key from now on
 */
import { parseApiKeys } from '../src/config/parsers.ts';

const base = (process.env.SEMA_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const token = process.env.SEMA_ADMIN_TOKEN;

interface KeyInfo {
  id: string;
  name: string | null;
  source: string;
  monthly_chars: number | null;
  used_this_month: number;
  revoked_at: string | null;
  key?: string;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** `500k`, `2m`, `1000` as keys take them, or `none`. */
function charsOf(text: string | undefined): number | null {
  if (text === undefined || text === 'none') return null;
  const [parsed] = parseApiKeys(`placeholder-key:${text}`, '--limit');
  return parsed!.monthlyChars;
}

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  if (!token)
    fail(
      "Set SEMA_ADMIN_TOKEN to the server's admin token (and SEMA_URL if it is not http://localhost:3000)",
    );
  let response: Response;
  try {
    response = await fetch(`${base}/api/v1/admin/keys${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    fail(`Cannot reach ${base}: ${(error as Error).message} (is the server running? set SEMA_URL)`);
  }
  const answer = (await response.json().catch(() => ({}))) as { detail?: string };
  if (!response.ok) fail(`${response.status}: ${answer.detail ?? response.statusText}`);
  return answer;
}

const line = (key: KeyInfo) =>
  [
    key.id,
    key.name ?? '-',
    key.source,
    `${key.used_this_month} of ${key.monthly_chars ?? 'no limit'}`,
    key.revoked_at ? `revoked ${key.revoked_at}` : '',
  ].join('  ');

const [command, ...args] = process.argv.slice(2);
if (command === 'list') {
  const { keys } = (await call('GET', '')) as { keys: KeyInfo[] };
  process.stdout.write(keys.length ? `${keys.map(line).join('\n')}\n` : 'No keys: this server is open.\n');
} else if (command === 'create') {
  const name = args[0];
  if (!name) fail('Usage: npm run keys -- create <name> [--limit 500k]');
  const at = args.indexOf('--limit');
  const key = (await call('POST', '', {
    name,
    monthly_chars: charsOf(at >= 0 ? args[at + 1] : undefined),
  })) as KeyInfo;
  process.stdout.write(
    `${line(key)}\nkey: ${key.key}\nGive it to its user now: the server keeps only its hash.\n`,
  );
} else if (command === 'limit') {
  if (!args[0] || !args[1]) fail('Usage: npm run keys -- limit <id> <chars|none>');
  process.stdout.write(
    `${line((await call('PATCH', `/${args[0]}`, { monthly_chars: charsOf(args[1]) })) as KeyInfo)}\n`,
  );
} else if (command === 'revoke') {
  if (!args[0]) fail('Usage: npm run keys -- revoke <id>');
  process.stdout.write(`${line((await call('DELETE', `/${args[0]}`)) as KeyInfo)}\n`);
} else {
  fail('Usage: npm run keys -- list | create <name> [--limit 500k] | limit <id> <chars|none> | revoke <id>');
}
