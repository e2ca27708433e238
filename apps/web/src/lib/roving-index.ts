/**
 * Where focus goes in a row of tabs when a key is pressed (WAI-ARIA tabs pattern): arrows move and
 * wrap around, Home and End jump to the ends. Undefined for any other key.
 */
export function rovingIndex(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return index >= last ? 0 : index + 1;
    case 'ArrowLeft':
      return index <= 0 ? last : index - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}
