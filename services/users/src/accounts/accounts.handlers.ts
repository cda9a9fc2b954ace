import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CONFIRM_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, SIGN_IN_LINK_TTL_MS } from '@shop/domain/accounts';
import { authOf, signIn } from '../lib/auth.ts';
import { TOKEN_SHAPE } from '../lib/crypto.ts';
import type { UsersDeps } from '../lib/deps.ts';
import { activateMail, alreadyRegisteredMail, confirmEmailMail, signInLinkMail } from '../lib/emails.ts';
import { clientAddress, fail, hashOrRateLimited, rateLimited, throttled } from '../lib/http.ts';
import { HashBusyError } from '../lib/passwords.ts';
import { hitAll, perEmailKey } from '../lib/rate-limit.ts';
import { claimSignIn, forgiveEmail, releaseAttempt } from '../lib/sign-in-throttle.ts';
import {
  findByEmail,
  findById,
  insertAccount,
  lockInForce,
  providersOf,
  recordEvent,
  rehash,
  updateAccount,
  userJson,
  type AccountRow,
  type Db,
} from '../store/accounts.ts';
import { deleteIdentities } from '../store/identities.ts';
import { endAllSessions, endSession } from '../store/sessions.ts';
import { confirmSubscription, findSubscriptionByEmail, requestSubscription } from '../store/subscriptions.ts';
import { consumeToken, issueToken, voidTokens } from '../store/tokens.ts';
import * as routes from './accounts.routes.ts';

export function registerAccountRoutes(app: OpenAPIHono, deps: UsersDeps): void {
  const { db, links, mailer } = deps;

  /** Sends the confirmation link, or says the address already has an account. Runs after the answer. */
  const completeRegistration = (input: { email: string; firstName: string | null; lastName: string | null; subscribe?: boolean | undefined }, passwordHash: string | null) =>
    deps.background.run('register', async () => {
      const now = deps.now();
      const created = await db.transaction().execute(async (trx) => {
        const account = await insertAccount(trx, { email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash, emailVerified: false }, now);
        if (!account) return null;
        await recordEvent(trx, account.id, passwordHash ? 'registered' : 'express_registered', now);
        if (input.subscribe) await requestSubscription(trx, input.email, 'register', now);
        const token = passwordHash
          ? await issueToken(trx, 'confirm_email', { userId: account.id }, CONFIRM_TOKEN_TTL_MS, now)
          : await issueToken(trx, 'password_activate', { userId: account.id }, RESET_TOKEN_TTL_MS, now);
        return { account, token };
      });
      if (created) {
        await mailer.send(passwordHash ? confirmEmailMail(links, input.email, created.token) : activateMail(links, input.email, created.token));
      } else {
        const existing = await findByEmail(db, input.email);
        await mailer.send(alreadyRegisteredMail(links, input.email, existing));
      }
    });

  /** Registration's rate limits (per client address, per email): the 429 to answer, or null. */
  const registrationLimited = async (c: Context, email: string) => {
    const verdict = await hitAll(db, deps.limits, [['registerPerAddress', clientAddress(c)], ['registerPerEmail', email]], deps.now());
    return verdict.allowed ? null : rateLimited(c, verdict.retryAfterSeconds);
  };

  app.openapi(
    routes.register,
    async (c) => {
      const input = c.req.valid('json').requestRegistration;
      const limited = await registrationLimited(c, input.email);
      if (limited) return limited;
      // Hashed whether or not the address is registered: both answers cost the same.
      const hashed = await hashOrRateLimited(c, deps.passwords, input.password);
      if ('busy' in hashed) return hashed.busy;
      const { hash } = hashed;
      completeRegistration({ email: input.email, firstName: input.firstName, lastName: input.lastName, subscribe: input.subscribe }, hash);
      return c.json({ data: { status: 'CHECK_EMAIL' as const, email: input.email } }, 202);
    },
  );

  app.openapi(
    routes.expressRegister,
    async (c) => {
      const input = c.req.valid('json').requestRegistration;
      const limited = await registrationLimited(c, input.email);
      if (limited) return limited;
      completeRegistration({ email: input.email, firstName: input.firstName ?? null, lastName: input.lastName ?? null }, null);
      return c.json({ data: { status: 'CHECK_EMAIL' as const, email: input.email } }, 202);
    },
  );

  /**
   * An emailed link that signs in (an email confirmation, a sign-in link): the per-address limit,
   * the token's shape, then one transaction that consumes the token (once) and runs `prove` on
   * the account it names. The answer to send when the link cannot be used, else the account.
   */
  async function redeemSignInLink(
    c: Context,
    purpose: 'confirm_email' | 'sign_in_link',
    token: string,
    prove: (trx: Db, row: AccountRow, now: Date) => Promise<AccountRow>,
  ): Promise<{ refused: ReturnType<typeof rateLimited> | ReturnType<typeof fail<400>> } | { account: AccountRow; now: Date }> {
    const now = deps.now();
    const verdict = await hitAll(db, deps.limits, [['linkPerAddress', clientAddress(c)]], now);
    if (!verdict.allowed) return { refused: rateLimited(c, verdict.retryAfterSeconds) };
    if (!TOKEN_SHAPE.test(token)) return { refused: fail(c, 400, 'INVALID_LINK') };
    const account = await db.transaction().execute(async (trx) => {
      const owner = await consumeToken(trx, purpose, token, now);
      const row = owner?.userId ? await findById(trx, owner.userId) : null;
      return row?.email ? prove(trx, row, now) : null;
    });
    return account ? { account, now } : { refused: fail(c, 400, 'INVALID_LINK') };
  }

  app.openapi(
    routes.verifyEmail,
    async (c) => {
      const redeemed = await redeemSignInLink(c, 'confirm_email', c.req.valid('json').token, async (trx, row, now) => {
        await updateAccount(trx, row.id, { email_verified: true }, now);
        // The address is proven: other confirmation links (each one signs in) are void.
        await voidTokens(trx, row.id, ['confirm_email'], now);
        // A subscription asked for on the register form is confirmed by the same proof of the address.
        const subscription = await findSubscriptionByEmail(trx, row.email!);
        if (subscription && !subscription.confirmed) await confirmSubscription(trx, subscription.id, now);
        await recordEvent(trx, row.id, 'email_verified', now);
        return row;
      });
      if ('refused' in redeemed) return redeemed.refused;
      const { account } = redeemed;
      return c.json(await signIn(deps, c, account, false, 'login', { via: 'email_verify' }), 200);
    },
  );

  app.openapi(
    routes.login,
    async (c) => {
      const body = c.req.valid('json');
      const email = body.loginRequest.j_username;
      const password = body.loginRequest.j_password;
      const now = deps.now();
      const address = clientAddress(c);
      // A flood (reliability L3): with the hashing pool full the answer is 429 at once, before
      // any database work, so the excess costs neither a hash nor a round trip.
      if (deps.passwords.full()) return rateLimited(c, 1);
      const verdict = await hitAll(db, deps.limits, [['loginPerAddress', address], ['loginPerEmail', perEmailKey(email, address)]], now);
      if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
      // The throttle (issue 14 #5): per address and per email typed, registered or not, before any
      // lookup, so its answer and its timing say nothing about the address.
      const throttle = await claimSignIn(db, { email, address }, now);
      if (!throttle.allowed) {
        await recordEvent(db, null, 'login_throttled', now);
        return throttled(c, throttle.retryAfterSeconds);
      }
      const account = await findByEmail(db, email);
      let ok = false;
      try {
        if (account?.passwordHash) ok = await deps.passwords.verify(account.passwordHash, password);
        else await deps.passwords.dummyVerify(password);
      } catch (err) {
        if (err instanceof HashBusyError) {
          // Nothing was checked: the claims are given back.
          await releaseAttempt(db, 'address', address, now);
          await releaseAttempt(db, 'email', email, now);
          return rateLimited(c, err.retryAfterSeconds);
        }
        throw err;
      }
      if (!account || !ok) {
        await recordEvent(db, account?.id ?? null, account ? 'login_failed' : 'login_failed_unknown', now);
        return fail(c, 401, 'INVALID_CREDENTIALS');
      }
      // The right password: the address's claim is given back and the email's count forgotten.
      await releaseAttempt(db, 'address', address, now);
      await forgiveEmail(db, email);
      if (lockInForce(account, now)) {
        // A staff lock, told only to someone who gave the right password.
        await recordEvent(db, account.id, 'login_refused_locked', now);
        return fail(c, 423, 'ACCOUNT_LOCKED');
      }
      if (!account.emailVerified) {
        await recordEvent(db, account.id, 'login_refused_unconfirmed', now);
        const to = account.email!;
        deps.background.run('resend_confirmation', async () => {
          const token = await issueToken(db, 'confirm_email', { userId: account.id }, CONFIRM_TOKEN_TTL_MS, deps.now());
          await mailer.send(confirmEmailMail(links, to, token));
        });
        return fail(c, 403, 'EMAIL_NOT_CONFIRMED');
      }
      if (account.passwordHash && deps.passwords.needsRehash(account.passwordHash)) {
        // Older parameters: rehash now that we hold the password (skipped when the pool is full).
        try {
          await rehash(db, account.id, account.passwordHash, await deps.passwords.hash(password), now);
          await recordEvent(db, account.id, 'rehashed', now);
        } catch (err) {
          if (!(err instanceof HashBusyError)) throw err;
        }
      }
      return c.json(await signIn(deps, c, account, body.rememberMe === true, 'login'), 200);
    },
  );

  app.openapi(
    routes.requestSignInLink,
    async (c) => {
      const { email } = c.req.valid('json');
      const address = clientAddress(c);
      const verdict = await hitAll(db, deps.limits, [['signInLinkPerAddress', address], ['signInLinkPerEmail', perEmailKey(email, address)]], deps.now());
      if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
      // As reset requests: looked up after the answer, and an unknown address gets nothing.
      deps.background.run('sign_in_link', async () => {
        const now = deps.now();
        const account = await findByEmail(db, email);
        if (!account) return;
        const token = await db.transaction().execute(async (trx) => {
          await voidTokens(trx, account.id, ['sign_in_link'], now);
          await recordEvent(trx, account.id, 'sign_in_link_requested', now);
          return issueToken(trx, 'sign_in_link', { userId: account.id }, SIGN_IN_LINK_TTL_MS, now);
        });
        await mailer.send(signInLinkMail(links, account.email!, account, token));
      });
      return c.json({ data: { status: 'CHECK_EMAIL' as const } }, 202);
    },
  );

  app.openapi(
    routes.signInWithLink,
    async (c) => {
      const redeemed = await redeemSignInLink(c, 'sign_in_link', c.req.valid('json').token, async (trx, row, now) => {
        if (!row.emailVerified) {
          // The link proves the address. Whatever was set on the account before anyone proved it
          // (a password, a Facebook identity, sessions) was not the owner's: it goes (pre-hijacking).
          await updateAccount(trx, row.id, { email_verified: true, password_hash: null }, now);
          await deleteIdentities(trx, row.id);
          await endAllSessions(trx, row.id);
          await voidTokens(trx, row.id, ['confirm_email', 'password_activate'], now);
          await recordEvent(trx, row.id, 'pre_hijack_cleared', now);
        }
        return (await findById(trx, row.id))!;
      });
      if ('refused' in redeemed) return redeemed.refused;
      const { account, now } = redeemed;
      if (lockInForce(account, now)) {
        await recordEvent(db, account.id, 'login_refused_locked', now);
        return fail(c, 423, 'ACCOUNT_LOCKED');
      }
      return c.json(await signIn(deps, c, account, false, 'login', { via: 'sign_in_link' }), 200);
    },
  );

  app.openapi(
    routes.logout,
    async (c) => {
      const auth = authOf(c);
      const everywhere = (c.req.valid('json') as { everywhere?: boolean } | undefined)?.everywhere === true;
      if (everywhere) await endAllSessions(db, auth.account.id);
      else await endSession(db, auth.session.tokenHash);
      await recordEvent(db, auth.account.id, everywhere ? 'logout_everywhere' : 'logout', deps.now());
      return c.body(null, 204);
    },
  );

  app.openapi(
    routes.currentSession,
    async (c) => {
      const auth = authOf(c);
      return c.json({ data: { user: await userJson(db, auth.account, deps.now()), session: { expiresAt: auth.session.expiresAt.toISOString(), persistent: auth.session.persistent } } }, 200);
    },
  );

  app.openapi(
    routes.subscriptionStatus,
    async (c) => {
      const { email } = c.req.valid('json').requestSubscriptionDetails;
      const now = deps.now();
      const verdict = await hitAll(db, deps.limits, [['statusPerAddress', clientAddress(c)], ['statusPerEmail', email]], now);
      if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
      const account = await findByEmail(db, email);
      const providers = account ? await providersOf(db, account.id) : [];
      return c.json(
        { data: { hasPassword: !!account?.passwordHash, isLocked: account !== null && lockInForce(account, now), isRegistered: account !== null, tpl: providers.length > 0 } },
        200,
      );
    },
  );

}
