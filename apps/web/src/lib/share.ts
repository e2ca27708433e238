import { copyText } from './clipboard';

/**
 * Shares text through the system's share sheet (Web Share API) where the browser has one, else
 * copies it. A share the person cancels is not a failure.
 */
export async function shareOrCopy(text: string, title: string): Promise<'shared' | 'copied'> {
  if (typeof navigator.share === 'function' && navigator.canShare?.({ text, title }) !== false) {
    try {
      await navigator.share({ text, title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
      // Refused (no user gesture, a desktop without targets): copying still works.
    }
  }
  await copyText(text);
  return 'copied';
}
