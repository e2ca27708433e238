import { expect } from 'vitest';

/** A DeepL document's status, with Sema's note on what was left untranslated. */
export interface DeepLDocumentStatus {
  status: string;
  billed_characters?: number;
  sema_note?: string;
}

/**
 * Uploads `form` to DeepL's `/v2/document` on `base`, as DeepL's clients do, and polls the
 * document's status with its id and key until it is done; answers that last status.
 */
export async function translateDeepLDocument(base: string, form: FormData): Promise<DeepLDocumentStatus> {
  const started = await fetch(`${base}/v2/document`, { method: 'POST', body: form });
  expect(started.status).toBe(200);
  const { document_id: id, document_key: key } = (await started.json()) as Record<string, string>;
  const status = async () =>
    (await (
      await fetch(`${base}/v2/document/${id}`, {
        method: 'POST',
        body: new URLSearchParams({ document_key: key! }),
      })
    ).json()) as DeepLDocumentStatus;
  await expect.poll(async () => (await status()).status, { timeout: 20_000 }).toBe('done');
  return status();
}
