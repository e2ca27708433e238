/**
 * A local stand-in for the Hugging Face hub: serves a model folder over real HTTP in the hub's URL
 * layout (`/<owner>/<name>/resolve/<revision>/<file>`, Range requests too), so tests can exercise the download path, its
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
  /** Range headers received, with their paths: `<path> bytes=N-`. */
  ranges: string[];
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
    /** The revision served (`main` unless told): a pinned commit, as a pull request's files are. */
    revision?: string;
  } = {},
): Promise<FakeHub> {
  const requests: string[] = [];
  const ranges: string[] = [];
  const prefix = `/${modelId}/resolve/${options.revision ?? 'main'}/`;
  const chunkBytes = options.chunkBytes ?? 16 * 1024;
  const delay = options.chunkDelayMs ?? 0;
  const server = http.createServer((request, response) => {
    const url = decodeURIComponent((request.url ?? '').split('?')[0]!);
    requests.push(url);
    if (request.headers.range) ranges.push(`${url} ${request.headers.range}`);
    const file = url.startsWith(prefix) ? path.join(folder, url.slice(prefix.length)) : undefined;
    if (!file || !file.startsWith(folder) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Entry not found');
      return;
    }
    // A Range request (`bytes=N-`, what a resumed download sends) gets the rest, as the hub does.
    const whole = fs.readFileSync(file);
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const from = range ? Number(range[1]) : 0;
    if (from > whole.length || (range && from === whole.length)) {
      response.writeHead(416, { 'content-range': `bytes */${whole.length}` }).end();
      return;
    }
    const body = whole.subarray(from);
    response.writeHead(range ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': body.length,
      ...(range && { 'content-range': `bytes ${from}-${whole.length - 1}/${whole.length}` }),
    });
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
    ranges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
