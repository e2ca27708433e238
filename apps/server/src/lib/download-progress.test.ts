import { describe, expect, it } from 'vitest';
import { DownloadProgress } from './download-progress.ts';

function output(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, isTTY, write: (chunk: string) => chunks.push(chunk) };
}

describe('DownloadProgress (the one format of every model download)', () => {
  it('writes a line per 10% step when the output is not a terminal', () => {
    const log = output(false);
    const download = new DownloadProgress('chat model', log);
    for (const loaded of [0, 5e6, 12e6, 13e6, 40e6]) download.update('model.gguf', loaded, 40e6);
    expect(log.chunks).toEqual([
      'Downloading chat model model.gguf:   0% 0.0/40.0 MB\n',
      'Downloading chat model model.gguf:  12% 5.0/40.0 MB\n',
      'Downloading chat model model.gguf:  30% 12.0/40.0 MB\n',
      'Downloading chat model model.gguf: 100% 40.0/40.0 MB\n',
    ]);
    download.finish();
    expect(log.chunks).toHaveLength(4);
  });

  it('redraws one line on a terminal, and ends it when done', () => {
    const tty = output(true);
    const download = new DownloadProgress('org/model', tty);
    download.update('tokenizer.json', 500, 1000);
    download.update('tokenizer.json', 1000, 1000);
    expect(tty.chunks).toEqual([
      `\r\x1b[KDownloading org/model tokenizer.json [${'='.repeat(12)}${' '.repeat(12)}]  50% 0.5/1.0 kB`,
      `\r\x1b[KDownloading org/model tokenizer.json [${'='.repeat(24)}] 100% 1.0/1.0 kB`,
    ]);
    download.finish();
    expect(tty.chunks.at(-1)).toBe('\n');
  });

  it('sums every file seen for /status, and says nothing before the first byte', () => {
    const download = new DownloadProgress('org/model', null);
    expect(download.fraction()).toBeUndefined();
    download.update('a.onnx', 100, 400);
    download.update('b.json', 100, 100);
    expect(download.fraction()).toBe(0.4);
  });
});
