import { PRODUCT_NAME } from '@/config/constants';

import type { Mode } from './types';

/** The input's placeholder: a staged file wins, then the mode decides. */
export function composerPlaceholder(mode: Mode, hasFile: boolean): string {
  if (hasFile) return 'Add a message for your document (optional)';
  return mode === 'translate'
    ? 'Enter text to translate or drag & drop a file'
    : `Message ${PRODUCT_NAME} or drag & drop a file...`;
}

/**
 * In translate mode a file is translated as it is: text typed beside it is not sent with it, and the
 * person is told so while typing rather than finding out after.
 */
export const TEXT_BESIDE_FILE_NOTE =
  'Only the file is translated: the text you type here is not used. Remove the file to translate your text.';
