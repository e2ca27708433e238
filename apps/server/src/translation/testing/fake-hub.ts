/**
 * A local stand-in for the Hugging Face hub: serves a model folder over real HTTP in the hub's URL
 * layout (`/<owner>/<name>/resolve/main/<file>`), so tests can exercise the download path, its
 * progress and the cache without the internet. Files go out in small chunks so progress is visible.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface FakeHub {
  url: string;
  /** Paths requested so far, e.g. `/sema-test/tiny-nllb/resolve/main/config.json`. */
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeHub(
  modelId: string,
  folder: string,
  /**
   * `chunkDelayMs` pauses between chunks, for a download slow enough to watch; `port` starts the hub
   * where a server was already told to look (one that came online late).
   */
  options: {
    chunkBytes?: number;
    chunkDelayMs?: number;
    port?: number;
    /** Cuts the connection of the first download of `file` after `afterBytes`, as a network drop would. */
    cut?: { file: string; afterBytes: number };
  } = {},
): Promise<FakeHub> {
  const requests: string[] = [];
  const prefix = `/${modelId}/resolve/main/`;
  const chunkBytes = options.chunkBytes ?? 16 * 1024;
  const delay = options.chunkDelayMs ?? 0;
  const server = http.createServer((request, response) => {
    const url = decodeURIComponent((request.url ?? '').split('?')[0]!);
    requests.push(url);
    const file = url.startsWith(prefix) ? path.join(folder, url.slice(prefix.length)) : undefined;
    if (!file || !file.startsWith(folder) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found');
      return;
    }
    const body = fs.readFileSync(file);
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    const cut = options.cut && url.endsWith(`/${options.cut.file}`) ? options.cut : undefined;
    if (cut) options.cut = undefined; // only the first time
    let offset = 0;
    const pump = () => {
      while (offset < body.length) {
        if (cut && offset >= cut.afterBytes) return void request.socket.destroy();
        const chunk = body.subarray(offset, offset + chunkBytes);
        offset += chunk.length;
        const flowing = response.write(chunk);
        if (delay > 0 && offset < body.length) return void setTimeout(pump, delay);
        if (!flowing) return void response.once('drain', pump);
      }
      response.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
