import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { profileSchema } from '@shop/domain/accounts';
import type { SocialClaims, SocialProvider } from '../contract.ts';
import { CONFIRM_TOKEN_TTL_MS } from '@shop/domain/accounts';
import { signIn } from '../lib/auth.ts';
import { alreadyRegisteredMail, socialConfirmEmailMail } from '../lib/emails.ts';
import type { UsersDeps } from '../lib/deps.ts';
import { clientAddress, fail, invalid, rateLimited } from '../lib/http.ts';
import { hitAll } from '../lib/rate-limit.ts';
import { findByEmail, findById, insertAccount, lockInForce, recordEvent, updateAccount, type AccountRow } from '../store/accounts.ts';
import { deleteIdentities, findIdentityOwner, linkIdentity } from '../store/identities.ts';
import { endAllSessions } from '../store/sessions.ts';
import { issueToken, voidTokens } from '../store/tokens.ts';
import * as routes from './social.routes.ts';

/** A name from an identity provider is kept only when it passes the profile form's rules. */
const cleanName = (value: string | null | undefined, field: 'firstName' | 'lastName'): string | null => {
  if (value === null || value === undefined) return null;
  const parsed = profileSchema.shape[field].safeParse(value);
  return parsed.success ? parsed.data : null;
};

class IdentityTaken extends Error {}

export function registerSocialRoutes(app: OpenAPIHono, deps: UsersDeps): void {
  const { db } = deps;

  /**
   * Registration by an identity whose provider does not say the address is verified (Facebook's
   * ID tokens carry no email_verified). The answer is 202 CHECK_EMAIL at once, whatever happens
   * next, as POST /register answers: a NEW account (never one that exists: nothing is linked by an
   * unverified address) with the address unconfirmed and the identity linked, and a confirmation
   * link by email that signs in when opened; until then a sign-in by the identity gets 403
   * EMAIL_NOT_CONFIRMED. An address that already has an account gets the "you already have an
   * account" email instead, so the answer never tells a known address from a new one.
   */
  const registerUnverified = async (c: Context, claims: SocialClaims, provider: SocialProvider) => {
    const verdict = await hitAll(db, deps.limits, [['registerPerEmail', claims.email]], deps.now());
    if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
    deps.background.run('social_register_unverified', async () => {
      const now = deps.now();
      const created = await db.transaction().execute(async (trx) => {
        const account = await insertAccount(
          trx,
          { email: claims.email, firstName: cleanName(claims.firstName, 'firstName'), lastName: cleanName(claims.lastName, 'lastName'), passwordHash: null, emailVerified: false },
          now,
        );
        if (!account) return null;
        // The identity went to another account meanwhile (a race): nothing is created.
        if (!(await linkIdentity(trx, claims.issuer, claims.subject, provider, account.id, now))) throw new IdentityTaken();
        await recordEvent(trx, account.id, 'social_registered', now, { provider, emailVerified: false });
        return issueToken(trx, 'confirm_email', { userId: account.id }, CONFIRM_TOKEN_TTL_MS, now);
      }).catch((error: unknown) => {
        if (error instanceof IdentityTaken) return 'taken' as const;
        throw error;
      });
      if (created === 'taken') return;
      if (created) return deps.mailer.send(socialConfirmEmailMail(deps.links, claims.email, provider, created));
      const existing = await findByEmail(db, claims.email);
      return deps.mailer.send(alreadyRegisteredMail(deps.links, claims.email, existing));
    });
    return c.json({ data: { status: 'CHECK_EMAIL' as const, email: claims.email } }, 202);
  };

  /**
   * Signs in (or registers) by an identity. `unverified` is the answer to a registration whose
   * provider has not verified the address: a 400 naming emailVerified (Google), or 202 CHECK_EMAIL
   * and a NEW unconfirmed account (Facebook, registerUnverified).
   */
  const authenticateSocial = async <U>(c: Context, claims: SocialClaims, provider: SocialProvider, mode: 'login' | 'register', unverified: () => U | Promise<U>) => {
    const now = deps.now();
    const verdict = await hitAll(db, deps.limits, [['socialPerAddress', clientAddress(c)]], now);
    if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);

    /**
     * A locked account stays locked whichever way in is tried: a linked identity (or one about
     * to be linked by its verified address) gets the same 423 ACCOUNT_LOCKED as a password
     * login, and the lock and its failure count are left as they are (reliability A5).
     */
    const refuseLocked = async (account: AccountRow) => {
      await recordEvent(db, account.id, 'login_refused_locked', now, { provider });
      return fail(c, 423, 'ACCOUNT_LOCKED');
    };

    const ownerId = await findIdentityOwner(db, claims.issuer, claims.subject);
    if (ownerId !== null) {
      const owner = await findById(db, ownerId);
      if (owner && lockInForce(owner, now)) return refuseLocked(owner);
      if (owner && !owner.emailVerified && owner.email) {
        // Registered by an identity whose address nobody has confirmed yet (Facebook): as a
        // password sign-in of an unconfirmed account, a fresh link and 403 until it is opened.
        await recordEvent(db, owner.id, 'login_refused_unconfirmed', now, { provider });
        const to = owner.email;
        deps.background.run('resend_confirmation', async () => {
          const token = await issueToken(db, 'confirm_email', { userId: owner.id }, CONFIRM_TOKEN_TTL_MS, deps.now());
          await deps.mailer.send(socialConfirmEmailMail(deps.links, to, provider, token));
        });
        return fail(c, 403, 'EMAIL_NOT_CONFIRMED');
      }
      if (owner) return c.json(await signIn(deps, c, owner, false, 'social_login', { provider }), 200);
    }
    if (!claims.emailVerified) {
      // Never link or create by an address the identity provider has not verified.
      if (mode === 'login') return fail(c, 404, 'EMAIL_NOT_REGISTERED');
      return unverified();
    }
    const existing = await findByEmail(db, claims.email);
    if (!existing && mode === 'login') return fail(c, 404, 'EMAIL_NOT_REGISTERED');
    // A confirmed account that is locked is not linked either (an unconfirmed one is taken over
    // below: whoever locked it never proved the address).
    if (existing?.emailVerified && lockInForce(existing, now)) return refuseLocked(existing);

    const account: AccountRow | null = await db.transaction().execute(async (trx) => {
      let row = existing ? await findById(trx, existing.id) : null;
      if (!row) {
        row = await insertAccount(
          trx,
          { email: claims.email, firstName: cleanName(claims.firstName, 'firstName'), lastName: cleanName(claims.lastName, 'lastName'), passwordHash: null, emailVerified: true },
          now,
        );
        if (!row) return null;
        await recordEvent(trx, row.id, 'social_registered', now, { provider });
      } else if (!row.emailVerified) {
        // Pre-hijacking: whoever made this unconfirmed account never proved the address; the
        // identity provider just did. Their password, sessions, links and any identity they
        // linked without a verified address (a Facebook registration) go.
        await updateAccount(trx, row.id, { password_hash: null, email_verified: true, failed_logins: 0, locked_at: null }, now);
        await endAllSessions(trx, row.id);
        await deleteIdentities(trx, row.id);
        await voidTokens(trx, row.id, ['confirm_email', 'password_reset', 'password_activate'], now);
        await recordEvent(trx, row.id, 'pre_hijack_cleared', now, { provider });
      }
      if (!(await linkIdentity(trx, claims.issuer, claims.subject, provider, row.id, now))) return null;
      await recordEvent(trx, row.id, 'social_linked', now, { provider });
      return (await findById(trx, row.id))!;
    });
    // A race with another request for the same address or identity: it won; try again.
    if (!account) return fail(c, 404, 'EMAIL_NOT_REGISTERED');
    return c.json(await signIn(deps, c, account, false, 'social_login', { provider }), 200);
  };

  /** Google says whether the address is verified: an unverified one is refused. */
  const refuseUnverified = (c: Context) => invalid(c, [{ field: 'emailVerified', message: 'The identity provider has not confirmed this email address.' }]);

  app.openapi(routes.loginGoogle, (c) => authenticateSocial(c, c.req.valid('json'), 'google', 'login', () => refuseUnverified(c)));
  app.openapi(routes.registerGoogle, (c) => authenticateSocial(c, c.req.valid('json'), 'google', 'register', () => refuseUnverified(c)));
  app.openapi(routes.facebook, (c) => {
    const { mode, ...claims } = c.req.valid('json');
    return authenticateSocial(c, claims, 'facebook', mode, () => registerUnverified(c, claims, 'facebook'));
  });
}
