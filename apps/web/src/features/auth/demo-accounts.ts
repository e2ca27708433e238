/**
 * The fixed list of two demo accounts that login checks against. Sign-in is local to
 * the browser: nothing here protects anything, so these are documented in the README.
 */
export const DEMO_ACCOUNTS: readonly { email: string; password: string }[] = [
  { email: 'demo@example.com', password: 'demo1234' },
  { email: 'test@example.com', password: 'test1234' },
];

/** Emails compare without case or surrounding spaces; passwords exactly. */
export function matchesDemoAccount(email: string, password: string): boolean {
  const wanted = email.trim().toLowerCase();
  return DEMO_ACCOUNTS.some((account) => account.email === wanted && account.password === password);
}
