import type { OpenAPIHono } from '@hono/zod-openapi';
import { vipOf } from '../vip/membership.ts';
import { isValidCustomerToken, RESET_TOKEN_TTL_MS } from '@shop/domain/accounts';
import { authenticate, authOf, signIn, unauthenticated } from '../lib/auth.ts';
import type { UsersDatabase } from '../db/database.ts';
import type { UsersDeps } from '../lib/deps.ts';
import { anonymiseConfirmMail, passwordChangedMail } from '../lib/emails.ts';
import { TOKEN_SHAPE } from '../lib/crypto.ts';
import { fail, hashOrRateLimited, rateLimited } from '../lib/http.ts';
import { HashBusyError } from '../lib/passwords.ts';
import { hitAll } from '../lib/rate-limit.ts';
import { customerTokenIsLive, findById, lockInForce, recordEvent, updateAccount, userJson, users, type AccountRow } from '../store/accounts.ts';
import { deleteIdentities } from '../store/identities.ts';
import { endAllSessions } from '../store/sessions.ts';
import { deleteSubscriptionByEmail } from '../store/subscriptions.ts';
import { consumeToken, issueToken, peekToken, voidTokens } from '../store/tokens.ts';
import * as routes from './user.routes.ts';

export function registerUserRoutes(app: OpenAPIHono, deps: UsersDeps): void {
  const { db } = deps;

  /** Checks the password of a signed-in account (re-authentication); null when the pool is full. */
  const reauthenticate = async (account: { id: number; passwordHash: string | null }, password: string): Promise<boolean | 'busy'> => {
    try {
      if (account.passwordHash) return await deps.passwords.verify(account.passwordHash, password);
      await deps.passwords.dummyVerify(password);
      return false;
    } catch (err) {
      if (err instanceof HashBusyError) return 'busy';
      throw err;
    }
  };

  app.openapi(
    routes.getUser,
    async (c) => {
      const { ct } = c.req.valid('query');
      if (ct !== undefined) {
        const valid = isValidCustomerToken(ct) && (await customerTokenIsLive(db, ct));
        return c.json({ data: { valid } }, 200);
      }
      const auth = await authenticate(deps, c);
      if (!auth) return unauthenticated(c);
      return c.json({ data: await userJson(db, auth.account, deps.now()) }, 200);
    },
  );

  app.openapi(
    routes.updateUser,
    async (c) => {
      const { firstName, lastName } = c.req.valid('json').user;
      const auth = authOf(c);
      const now = deps.now();
      await updateAccount(db, auth.account.id, { first_name: firstName, last_name: lastName }, now);
      await recordEvent(db, auth.account.id, 'profile_updated', now);
      const row = (await findById(db, auth.account.id))!;
      return c.json({ data: await userJson(db, row, now) }, 200);
    },
  );

  app.openapi(
    routes.changePassword,
    async (c) => {
      const input = c.req.valid('json').passwordChange;
      const auth = authOf(c);
      const { account, session } = auth;
      const verdict = await hitAll(db, deps.limits, [['reauthPerAccount', String(account.id)]], deps.now());
      if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
      const ok = await reauthenticate(account, input.currentPassword);
      if (ok === 'busy') return rateLimited(c, 1);
      if (!ok) {
        await recordEvent(db, account.id, 'password_change_failed', deps.now());
        return fail(c, 401, 'WRONG_PASSWORD');
      }
      const hashed = await hashOrRateLimited(c, deps.passwords, input.newPassword);
      if ('busy' in hashed) return hashed.busy;
      const { hash } = hashed;
      const now = deps.now();
      await db.transaction().execute(async (trx) => {
        await updateAccount(trx, account.id, { password_hash: hash, failed_logins: 0, locked_at: null }, now);
        await endAllSessions(trx, account.id);
        await voidTokens(trx, account.id, ['confirm_email', 'password_reset', 'password_activate'], now);
        await recordEvent(trx, account.id, 'password_changed', now);
      });
      const to = account.email!;
      deps.background.run('password_changed_notice', () => deps.mailer.send(passwordChangedMail(deps.links, to, account)));
      return c.json(await signIn(deps, c, account, session.persistent, 'login', { via: 'password_change' }), 200);
    },
  );

  app.openapi(
    routes.accountStatus,
    async (c) => {
      const auth = authOf(c);
      const { account } = auth;
      const status = lockInForce(account, deps.now()) ? ('LOCKED' as const) : account.emailVerified ? ('ACTIVE' as const) : ('UNCONFIRMED' as const);
      return c.json({ data: { status, vipStatus: vipOf(account, deps.now()).vipStatus } }, 200);
    },
  );

  /** Erases the account's personal data, in one transaction (the row, id and customer token stay). */
  const erase = async (account: AccountRow, now: Date) => {
    await db.transaction().execute(async (trx) => {
      if (account.email) {
        await deleteSubscriptionByEmail(trx, account.email);
        // The outbox's copies of their emails (links, names) go with the account, in this transaction.
        await deps.mailer.forgetRecipient<UsersDatabase>(account.email, trx);
      }
      await deleteIdentities(trx, account.id);
      await endAllSessions(trx, account.id);
      await voidTokens(trx, account.id, ['confirm_email', 'password_reset', 'password_activate', 'anonymise_confirm'], now);
      await users(trx)
        .updateTable('account')
        .set({ email: null, first_name: null, last_name: null, password_hash: null, email_verified: false, failed_logins: 0, locked_at: null, has_address: false, anonymised_at: now, updated_at: now })
        .where('id', '=', account.id)
        .execute();
      await recordEvent(trx, account.id, 'anonymised', now);
    });
  };

  app.openapi(
    routes.anonymise,
    async (c) => {
      const { password, token } = c.req.valid('json');
      const auth = authOf(c);
      const { account } = auth;
      const verdict = await hitAll(db, deps.limits, [['reauthPerAccount', String(account.id)]], deps.now());
      if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
      if (account.passwordHash) {
        const ok = password === undefined ? false : await reauthenticate(account, password);
        if (ok === 'busy') return rateLimited(c, 1);
        if (!ok) {
          await recordEvent(db, account.id, 'anonymise_failed', deps.now());
          return fail(c, 401, 'WRONG_PASSWORD');
        }
        await erase(account, deps.now());
        return c.body(null, 204);
      }

      // No password to ask for (express or social only): a live session is not enough. The
      // emailed link (single use, 30 minutes, stored hashed) proves the address too, and it
      // erases only when sent back from a session of the same account.
      const now = deps.now();
      if (token === undefined) {
        if (!account.email || !account.emailVerified) return fail(c, 403, 'EMAIL_NOT_CONFIRMED');
        const fresh = await db.transaction().execute(async (trx) => {
          // A newer link voids older ones.
          await voidTokens(trx, account.id, ['anonymise_confirm'], now);
          await recordEvent(trx, account.id, 'anonymise_requested', now);
          return issueToken(trx, 'anonymise_confirm', { userId: account.id }, RESET_TOKEN_TTL_MS, now);
        });
        const to = account.email;
        deps.background.run('anonymise_confirm', () => deps.mailer.send(anonymiseConfirmMail(deps.links, to, account, fresh)));
        return c.json({ data: { status: 'CHECK_EMAIL' as const } }, 202);
      }
      if (!TOKEN_SHAPE.test(token)) return fail(c, 400, 'INVALID_LINK');
      // Another account's link (or none) is not used up by this session.
      const owner = await peekToken(db, 'anonymise_confirm', token, now);
      if (owner?.userId !== account.id) return fail(c, 400, 'INVALID_LINK');
      const used = await consumeToken(db, 'anonymise_confirm', token, now);
      if (used?.userId !== account.id) return fail(c, 400, 'INVALID_LINK');
      await erase(account, now);
      return c.body(null, 204);
    },
  );
}
