import { describe, expect, it } from 'vitest';
import { startSema } from './sema.js';

describe('startSema', () => {
  it('fails at once when the server exits while starting, quoting its log', async () => {
    const starting = startSema({
      env: { PORT: 'eighty', SEMA_LOG_LEVEL: 'error' },
      name: 'the refused server',
    });
    await expect(starting).rejects.toThrow(
      /^the refused server exited with code 78 while starting; its output ends:\n[\s\S]*Configuration error: PORT must be a whole number/,
    );
  });

  it('starts the server on a free loopback port, ready on the given path, and stops it by its pid', async () => {
    const sema = await startSema({ env: { SEMA_NLLB_MODEL: '/nonexistent' }, ready: '/livez' });
    expect(sema.url).toBe(`http://127.0.0.1:${sema.port}`);
    expect((await fetch(`${sema.url}/livez`)).status).toBe(200);
    expect(await sema.stop()).toBe(0);
    expect(sema.running()).toBe(false);
    await expect(fetch(`${sema.url}/livez`)).rejects.toThrow();
  });
});
