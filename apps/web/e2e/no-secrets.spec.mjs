// The chat provider's token lives only in the server's environment: a web build made with the
// token variables set must not contain them (the original product shipped its token in the bundle).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('the web bundle', () => {
  it('contains no chat token even when HF_TOKEN and SEMA_CHAT_API_KEY are set at build time', () => {
    const secrets = {
      HF_TOKEN: `hf_bundle_check_${process.pid}_a1b2c3`,
      SEMA_CHAT_API_KEY: `sk-bundle-check-${process.pid}-d4e5f6`,
    };
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-web-secrets-'));
    try {
      const build = spawnSync(
        'npx',
        ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
        {
          cwd: webRoot,
          env: { ...process.env, ...secrets },
          encoding: 'utf8',
        },
      );
      assert.equal(build.status, 0, build.stderr);
      const files = filesUnder(outDir);
      assert.ok(
        files.some((file) => file.endsWith('.js')),
        'the build produced scripts',
      );
      for (const file of files) {
        const content = fs.readFileSync(file).toString('latin1');
        for (const [name, value] of Object.entries(secrets)) {
          assert.equal(content.includes(value), false, `${path.relative(outDir, file)} contains ${name}`);
        }
      }
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
});
