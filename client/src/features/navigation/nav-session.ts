/**
 * The shopper's auth state as the navigation, guards and popup see it (spec §4). The check
 * itself lives with the accounts feature (features/accounts/auth.ts).
 */
export { useAuthState } from '../accounts/auth.ts';
