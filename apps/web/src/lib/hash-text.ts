/**
 * A short, stable key for a text (cache keys). Not cryptographic: two 32-bit FNV-1a
 * passes with different seeds plus the length make a collision between two real inputs negligible,
 * and it runs synchronously everywhere (crypto.subtle needs a secure context, which a self-hosted
 * server on plain http does not give).
 */
export function hashText(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    first = Math.imul(first ^ unit, 0x01000193);
    second = Math.imul(second ^ unit, 0x5bd1e995);
    second ^= second >>> 15;
  }
  const hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0');
  return `${hex(first)}${hex(second)}${text.length.toString(36)}`;
}
