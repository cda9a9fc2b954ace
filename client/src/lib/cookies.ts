/**
 * The page's own readable cookies, the one way the client reads and writes them (the session,
 * basket and order cookies are HttpOnly and never seen here). Values are read as stored: a
 * caller that wrote an encoded value decodes it. Every cookie is Path=/ and SameSite=Lax, and
 * Secure over https.
 */

const escapeName = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A cookie's value as stored; null when the page has none by that name. */
export function readCookie(name: string): string | null {
  const found = new RegExp(`(?:^|;)\\s*${escapeName(name)}=([^;]*)`).exec(document.cookie);
  return found ? found[1]!.trim() : null;
}

const attributes = () => `; Path=/; SameSite=Lax${window.location.protocol === 'https:' ? '; Secure' : ''}`;

/** Stores `value` (already safe for a cookie: encode it first if it may hold ; , or spaces) for `maxAgeSeconds`. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${value}; Max-Age=${maxAgeSeconds}${attributes()}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0${attributes()}`;
}
