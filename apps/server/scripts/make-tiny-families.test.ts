import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(HERE, '../test/fixtures');
const MODELS = ['tiny-m2m100', 'tiny-small100', 'tiny-opus-mt-en-fr', 'tiny-opus-mt-de-en'];
let folder: string;

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-tiny-families-'));
  execFileSync('/usr/bin/python3', [path.join(HERE, 'make-tiny-families.py'), folder], { stdio: 'pipe' });
}, 120_000);
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const files = (root: string): string[] =>
  fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => fs.statSync(path.join(root, file)).isFile());

describe('the tiny models of the other families', () => {
  it.each(MODELS)('%s is what the script makes, byte for byte, and under 1 MB', (model) => {
    const made = files(path.join(folder, model)).sort();
    expect(made).toEqual(
      expect.arrayContaining(['config.json', 'tokenizer.json', 'onnx/decoder_model_merged_quantized.onnx']),
    );
    let bytes = 0;
    for (const file of made) {
      const committed = fs.readFileSync(path.join(FIXTURES, model, file));
      expect(fs.readFileSync(path.join(folder, model, file)).equals(committed), file).toBe(true);
      bytes += committed.length;
    }
    expect(bytes).toBeLessThan(1_000_000);
  });

  it('gives each the config its family is told by', () => {
    const config = (model: string) =>
      JSON.parse(fs.readFileSync(path.join(folder, model, 'config.json'), 'utf8')) as Record<string, unknown>;
    expect(config('tiny-m2m100')).toMatchObject({
      model_type: 'm2m_100',
      tokenizer_class: 'M2M100Tokenizer',
    });
    expect(config('tiny-small100')).toMatchObject({
      model_type: 'm2m_100',
      tokenizer_class: 'SMALL100Tokenizer',
    });
    const marian = config('tiny-opus-mt-en-fr');
    expect(marian).toMatchObject({ model_type: 'marian', eos_token_id: 0 });
    expect(marian.decoder_start_token_id).toBe(marian.pad_token_id);
  });
});
