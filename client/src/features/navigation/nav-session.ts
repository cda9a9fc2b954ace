import type { AuthState } from '@shop/domain/navigation';

/**
 * The shopper's auth state as the navigation sees it (spec §4). There are no accounts yet, so
 * the check is finished at once and finds no user.
 * TODO(#3): read the real session (the accounts issue) and report `finished` only once it is known.
 */
const NO_ACCOUNTS: AuthState = { finished: true, authenticated: false, vip: false };

export function useAuthState(): AuthState {
  return NO_ACCOUNTS;
}
