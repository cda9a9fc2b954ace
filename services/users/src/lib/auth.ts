/**
 * The session decides who the caller is: routes carry no user ids, only x-session-token (the
 * raw token of the __Host-sid cookie, passed on by the gateway). Signing in always issues a new
 * token and ends the one the request carried (fixation, ASVS 7.2.4).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Session, SignedIn } from '../contract.ts';
import { findById, recordEvent, userJson, type AccountRow, type EventKind } from '../store/accounts.ts';
import { createSession, endSession, endSessionByToken, touchSession, type LiveSession } from '../store/sessions.ts';
import type { UsersDeps } from './deps.ts';
import { forgiveEmail } from './sign-in-throttle.ts';
import { fail, SESSION_TOKEN_HEADER } from './http.ts';

export interface Authenticated {
  account: AccountRow;
  session: LiveSession;
}

/** The live session of the request (its idle expiry slid) and its account, or null. */
export async function authenticate(deps: UsersDeps, c: Context): Promise<Authenticated | null> {
  const session = await touchSession(deps.db, c.req.header(SESSION_TOKEN_HEADER), deps.now());
  if (!session) return null;
  const account = await findById(deps.db, session.userId);
  if (!account) {
    await endSession(deps.db, session.tokenHash);
    return null;
  }
  return { account, session };
}

export const unauthenticated = (c: Context) => fail(c, 401, 'UNAUTHENTICATED');

/** What `sessionRequired` found, by the request's context (the one its route's handler gets). */
const authenticated = new WeakMap<Context, Authenticated>();

/**
 * Runs before the route's body validation: without a live session the answer is 401
 * UNAUTHENTICATED whatever the body holds (nothing about the input is said to a stranger).
 */
export function sessionRequired(deps: UsersDeps): MiddlewareHandler {
  return async (c, next) => {
    const auth = await authenticate(deps, c);
    if (!auth) return unauthenticated(c);
    authenticated.set(c, auth);
    await next();
  };
}

/** The session and account `sessionRequired` found. */
export function authOf(c: Context): Authenticated {
  const auth = authenticated.get(c);
  if (!auth) throw new Error('sessionRequired did not run for this route');
  return auth;
}

/** A new session for the account (ending the one the request carried) and the SignedIn answer. */
export async function signIn(deps: UsersDeps, c: Context, account: AccountRow, persistent: boolean, kind: EventKind, detail: Record<string, unknown> | null = null): Promise<SignedIn> {
  const now = deps.now();
  await endSessionByToken(deps.db, c.req.header(SESSION_TOKEN_HEADER));
  await forgiveEmail(deps.db, account.email);
  const session: Session = await createSession(deps.db, account.id, persistent, now);
  await recordEvent(deps.db, account.id, kind, now, detail);
  const fresh = (await findById(deps.db, account.id)) ?? account;
  return { data: { user: await userJson(deps.db, fresh, now), session } };
}
