import { POST_LOGIN_URL_COOKIE, POST_LOGIN_URL_MAX_AGE_DAYS, safeReturnPath } from '@shop/domain/layouts';
import { deleteCookie, readCookie, writeCookie } from '../../lib/cookies.ts';

/**
 * Saves where to go after login (spec §4 redirect order; spec §9 post-login url cookie 30 days).
 * A strictly necessary cookie: it only serves the sign-in the visitor asked for, so it needs no
 * consent under PECR. Only same-site paths are stored (domain's safeReturnPath).
 */
export function savePostLoginUrl(path: string): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  writeCookie(POST_LOGIN_URL_COOKIE, encodeURIComponent(safe), POST_LOGIN_URL_MAX_AGE_DAYS * 86_400);
}

/** The saved post-login url, if any (for the login page once accounts land). */
export function readPostLoginUrl(): string | null {
  const stored = readCookie(POST_LOGIN_URL_COOKIE);
  if (!stored) return null;
  try {
    return safeReturnPath(decodeURIComponent(stored));
  } catch {
    return null;
  }
}

/** Forgets the saved post-login url once a login has used (or overtaken) it. */
export function clearPostLoginUrl(): void {
  deleteCookie(POST_LOGIN_URL_COOKIE);
}
