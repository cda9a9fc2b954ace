import { POST_LOGIN_URL_COOKIE, POST_LOGIN_URL_MAX_AGE_DAYS, safeReturnPath } from '@shop/domain/layouts';

/**
 * Saves where to go after login (spec §4 redirect order; spec §9 post-login url cookie 30 days).
 * A strictly necessary cookie: it only serves the sign-in the visitor asked for, so it needs no
 * consent under PECR. Only same-site paths are stored (domain's safeReturnPath).
 */
export function savePostLoginUrl(path: string): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${POST_LOGIN_URL_COOKIE}=${encodeURIComponent(safe)}; Max-Age=${POST_LOGIN_URL_MAX_AGE_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
}

/** The saved post-login url, if any (for the login page once accounts land). */
export function readPostLoginUrl(): string | null {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${POST_LOGIN_URL_COOKIE}=`));
  if (!entry) return null;
  try {
    return safeReturnPath(decodeURIComponent(entry.slice(POST_LOGIN_URL_COOKIE.length + 1)));
  } catch {
    return null;
  }
}

/** Forgets the saved post-login url once a login has used (or overtaken) it. */
export function clearPostLoginUrl(): void {
  document.cookie = `${POST_LOGIN_URL_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
