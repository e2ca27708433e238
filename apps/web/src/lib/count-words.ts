/**
 * "the conversation" for one, "all 3 conversations" for more: the words a question about clearing
 * a list uses (English only, like the rest of the interface).
 */
export function allOf(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? `the ${singular}` : `all ${count.toLocaleString('en')} ${plural}`;
}
