import type { OpenAPIHono } from '@hono/zod-openapi';
import { HashBusyError } from '../lib/passwords.ts';
import type { UsersDeps } from '../lib/deps.ts';
import { clientAddress, fail, rateLimited, throttled } from '../lib/http.ts';
import { hitAll, perEmailKey } from '../lib/rate-limit.ts';
import { claimSignIn, forgiveEmail, releaseAttempt } from '../lib/sign-in-throttle.ts';
import { endStaffSession, staffPersonForSignIn, startStaffSession, verifyStaffSession } from '../store/staff-people.ts';
import * as routes from './staff-people.routes.ts';

/** The throttle counts a staff email apart from a shopper account of the same address. */
const throttleEmail = (email: string) => `staff:${email.toLowerCase()}`;

export function registerStaffPeopleRoutes(app: OpenAPIHono, deps: UsersDeps): void {
  const { db } = deps;

  app.openapi(routes.startSession, async (c) => {
    const { email, password } = c.req.valid('json');
    const now = deps.now();
    const address = clientAddress(c);
    if (deps.passwords.full()) return rateLimited(c, 1);
    const verdict = await hitAll(db, deps.limits, [['loginPerAddress', address], ['loginPerEmail', perEmailKey(throttleEmail(email), address)]], now);
    if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
    const throttle = await claimSignIn(db, { email: throttleEmail(email), address }, now);
    if (!throttle.allowed) return throttled(c, throttle.retryAfterSeconds);
    const person = await staffPersonForSignIn(db, email);
    let ok: boolean;
    try {
      // An unknown email costs a hash too: the answer and its timing say nothing of who is staff.
      ok = person ? await deps.passwords.verify(person.passwordHash, password) : await deps.passwords.dummyVerify(password);
    } catch (error) {
      if (error instanceof HashBusyError) {
        await releaseAttempt(db, 'address', address, now);
        await releaseAttempt(db, 'email', throttleEmail(email), now);
        return rateLimited(c, error.retryAfterSeconds);
      }
      throw error;
    }
    if (!person || !ok) return fail(c, 401, 'INVALID_CREDENTIALS');
    await releaseAttempt(db, 'address', address, now);
    await forgiveEmail(db, throttleEmail(email));
    const session = await startStaffSession(db, person.id, now);
    return c.json({ data: { token: session.token, name: person.name, email: email.toLowerCase(), expiresAt: session.expiresAt.toISOString() } }, 201);
  });

  app.openapi(routes.verifySession, async (c) => {
    const person = await verifyStaffSession(db, c.req.valid('json').token, deps.now());
    return c.json({ data: { valid: person !== null, name: person?.name ?? null, email: person?.email ?? null } }, 200);
  });

  app.openapi(routes.endSession, async (c) => c.json({ data: { ended: await endStaffSession(db, c.req.valid('json').token, deps.now()) } }, 200));
}
