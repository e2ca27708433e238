/** What other features use of the auth feature. */
export { rememberDisplayName } from './local-accounts';
