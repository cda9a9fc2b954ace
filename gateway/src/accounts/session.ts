/**
 * The shopper's session within one request: the `__Host-sid` cookie, looked up with the users
 * service (GET /session) at most once and only when something asks (viewer, a customer token,
 * an account mutation). A cookie that is present but dead (expired, logged out, rotated away,
 * malformed) is cleared in the response, with the user_status cookie.
 *
 * Signing in rotates (reliability A2; ASVS 5.0 7.2.4): a session token the browser already had is
 * ended on the server (PUT /logout) before the new cookie replaces it, so a planted pre-login
 * token is worthless. Later resolvers of the same request see the new session.
 */
import { SESSION_COOKIE } from '@shop/domain/accounts';
import { WISHLIST_COOKIE } from '@shop/domain/wishlist';
import { clearedWishlistCookie } from '../schema/wishlist/current-wishlist.ts';
import type { CurrentSession, SignedIn, User, UsersClient } from '../clients/users.client.ts';
import type { Logger } from '../logger.ts';
import {
  brandCookie,
  clearedBrandCookie,
  clearedSessionCookie,
  clearedUserStatusCookie,
  SESSION_TOKEN_SHAPE,
  sessionCookie,
  userStatusCookie,
  type ResponseCookies,
  type SessionLifetime,
} from './cookies.ts';

export interface LiveSession {
  token: string;
  user: User;
  session: SessionLifetime;
}

export interface SessionAccess {
  /** The token the request's cookie holds (null: none, or not shaped like one). */
  readonly cookieToken: string | null;
  /** The live session, or null for a guest or a dead cookie (then cleared in the response). */
  current(): Promise<LiveSession | null>;
  viewer(): Promise<User | null>;
  /** The signed-in customer's token (spec §6), or null for a guest. */
  customerToken(): Promise<string | null>;
  /**
   * The token to act with for an account call (the service itself checks it is live), without a
   * lookup: the cookie's, or the one this request signed in with. Null: no session at all.
   */
  token(): string | null;
  /** A sign-in succeeded: end the browser's previous session, set the cookies, remember the new one. */
  signIn(signedIn: SignedIn, options?: { brand?: boolean }): Promise<void>;
  /** Signed out or erased: clear the session and status cookies (and the brand cookie when erased). */
  signOut(options?: { clearBrand?: boolean }): void;
  /** The service answered 401 for the token: the cookie is dead, clear it. */
  dead(): void;
  /** The user changed (profile update): later reads in this request see it. */
  updateUser(user: User): void;
}

export interface SessionAccessOptions {
  cookies: Readonly<Record<string, string>>;
  responseCookies: ResponseCookies;
  users: UsersClient;
  secure: boolean;
  logger: Logger;
  requestId: string;
  now?: () => Date;
}

export function createSessionAccess(options: SessionAccessOptions): SessionAccess {
  const { cookies, responseCookies, users, secure, logger, requestId } = options;
  const now = options.now ?? (() => new Date());
  const raw = cookies[SESSION_COOKIE];
  const cookieToken = raw && SESSION_TOKEN_SHAPE.test(raw) ? raw : null;
  let live: Promise<LiveSession | null> | undefined;
  let token: string | null = cookieToken;

  const clearCookies = (clearBrand = false) => {
    responseCookies.set(SESSION_COOKIE, clearedSessionCookie());
    responseCookies.set('user_status', clearedUserStatusCookie(secure));
    if (clearBrand) responseCookies.set('brand', clearedBrandCookie(secure));
  };

  const access: SessionAccess = {
    cookieToken,
    current() {
      live ??= (async () => {
        if (raw !== undefined && cookieToken === null) {
          // A cookie that cannot be a session token: never sent on, just cleared.
          clearCookies();
          return null;
        }
        if (cookieToken === null) return null;
        const found: CurrentSession | null = await users.findSession(cookieToken);
        if (!found) {
          token = null;
          clearCookies();
          return null;
        }
        return { token: cookieToken, user: found.user, session: found.session };
      })();
      return live;
    },
    async viewer() {
      return (await access.current())?.user ?? null;
    },
    async customerToken() {
      return (await access.current())?.user.customerToken ?? null;
    },
    token() {
      return token;
    },
    async signIn(signedIn, signInOptions = {}) {
      const previous = token;
      if (previous && previous !== signedIn.session.token) {
        try {
          await users.logout(previous);
        } catch (error) {
          // A dead previous session answers 401: nothing to end. Anything else is logged; the new
          // session stands either way (the old one still expires on its own).
          if (!(error instanceof Error && 'status' in error && error.status === 401)) {
            logger.warn('Ending the previous session at sign-in failed', { correlationId: requestId, error: String(error) });
          }
        }
      }
      token = signedIn.session.token;
      const at = now();
      responseCookies.set(SESSION_COOKIE, sessionCookie(signedIn.session.token, signedIn.session, at));
      responseCookies.set('user_status', userStatusCookie(signedIn.user.status, signedIn.session, at, secure));
      if (signInOptions.brand !== false) {
        const brand = brandCookie(cookies, 'registered_user', secure);
        if (brand) responseCookies.set('brand', brand);
      }
      live = Promise.resolve({ token: signedIn.session.token, user: signedIn.user, session: signedIn.session });
    },
    signOut(signOutOptions = {}) {
      token = null;
      live = Promise.resolve(null);
      clearCookies(signOutOptions.clearBrand ?? false);
      // The wish list id now names the customer's list: a guest after them in this browser starts afresh.
      responseCookies.set(WISHLIST_COOKIE, clearedWishlistCookie());
    },
    dead() {
      access.signOut();
    },
    updateUser(user) {
      const before = live;
      if (!before) return;
      live = before.then((s) => (s ? { ...s, user } : s));
    },
  };
  return access;
}
