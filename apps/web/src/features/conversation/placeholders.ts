import { PRODUCT_NAME } from '@/config/constants';

import type { Mode } from './types';

/** The input's placeholder: a staged file wins, then the mode decides. */
export function composerPlaceholder(mode: Mode, hasFile: boolean): string {
  if (hasFile) return 'Add a message for your document (optional)';
  return mode === 'translate'
    ? 'Enter text to translate or drag & drop a file'
    : `Message ${PRODUCT_NAME} or drag & drop a file...`;
}
