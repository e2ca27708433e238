// @vitest-environment node
// (jsdom's Blob cannot be read back; Node's is the standard one.)
import { describe, expect, it } from 'vitest';

import { base64ToBytes, documentBlob } from './document-file';

describe('documentBlob', () => {
  it('keeps text as UTF-8 with its media type', async () => {
    const blob = documentBlob({ text: 'Habari ✓', mime_type: 'text/plain' });
    expect(blob.type).toBe('text/plain;charset=utf-8');
    expect(await blob.text()).toBe('Habari ✓');
  });

  it('decodes a docx from base64 byte for byte', async () => {
    const bytes = [0x50, 0x4b, 0x03, 0x04, 0xff, 0x00];
    const blob = documentBlob({
      content_base64: btoa(String.fromCharCode(...bytes)),
      mime_type: 'application/x-test',
    });
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual(bytes);
    expect([...base64ToBytes('AAE=')]).toEqual([0, 1]);
  });
});
