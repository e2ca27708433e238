let counter = 0;

/**
 * A unique id for this page's lifetime. Not crypto.randomUUID: that exists only in secure contexts,
 * and a self-hosted server is often reached over plain http on a local network.
 */
export function createId(prefix = 'id'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter.toString(36)}`;
}
