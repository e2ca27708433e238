/**
 * hour:minute as the user's locale writes it (9:05 AM in the US, 09:05 in Britain), the same form as
 * the times in the list of conversations.
 */
export function formatTime(timestamp: number): string {
  return new Date(timestamp).toLocaleTimeString(undefined, { timeStyle: 'short' });
}

/** A file size a person reads: 512 B, 14 KB, 2.3 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
