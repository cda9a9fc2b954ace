import { postLoginRedirect } from '@shop/domain/accounts';
import { safeReturnPath } from '@shop/domain/layouts';
import { readPostLoginUrl } from '../layouts/post-login.ts';

/** The router state the login guard leaves: where the shopper was going. */
export function localRedirectOf(state: unknown): string | null {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string') return state.from;
  return null;
}

/**
 * Where to go after signing in (spec §4): the local redirect (the guard's router state), then
 * the ?redirect= url, then the stored post-login url, else the account page. Only same-site
 * paths, never the login pages (domain's postLoginRedirect).
 */
export function afterLoginPath(state: unknown, search: string): string {
  return postLoginRedirect({
    localRedirect: localRedirectOf(state),
    redirectUrl: new URLSearchParams(search).get('redirect'),
    storedPostLoginUrl: readPostLoginUrl(),
  });
}

/** A login or register link that keeps the ?redirect= target. */
export function withRedirect(path: string, search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect ? `${path}?${new URLSearchParams({ redirect })}` : path;
}

/** Whether the sign-in has somewhere to return to (any of afterLoginPath's sources); else it lands on a home page. */
export function hasReturnPath(state: unknown, search: string): boolean {
  return [localRedirectOf(state), new URLSearchParams(search).get('redirect'), readPostLoginUrl()].some((path) => safeReturnPath(path) !== null);
}
