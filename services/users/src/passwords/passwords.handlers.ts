import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { RESET_TOKEN_TTL_MS } from '@shop/domain/accounts';
import type { TokenPurpose } from '../db/tables.ts';
import { TOKEN_SHAPE } from '../lib/crypto.ts';
import type { UsersDeps } from '../lib/deps.ts';
import { passwordChangedMail, resetMail } from '../lib/emails.ts';
import { clientAddress, fail, hashOrRateLimited, rateLimited } from '../lib/http.ts';
import { hitAll, perEmailKey } from '../lib/rate-limit.ts';
import { findByEmail, findById, recordEvent, updateAccount } from '../store/accounts.ts';
import { endAllSessions } from '../store/sessions.ts';
import { consumeToken, issueToken, peekToken, voidTokens } from '../store/tokens.ts';
import { deleteIdentities } from '../store/identities.ts';
import * as routes from './passwords.routes.ts';

const PASSWORD_LINKS: TokenPurpose[] = ['password_reset', 'password_activate'];

export function registerPasswordRoutes(app: OpenAPIHono, deps: UsersDeps): void {
  const { db } = deps;

  app.openapi(
    routes.resetRequest,
    async (c) => {
      const { email } = c.req.valid('param');
      const address = clientAddress(c);
      const verdict = await hitAll(db, deps.limits, [['resetPerAddress', address], ['resetPerEmail', perEmailKey(email, address)]], deps.now());
      if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
      // Looked up after the answer: the answer cannot tell a registered address from another.
      deps.background.run('reset_request', async () => {
        const now = deps.now();
        const account = await findByEmail(db, email);
        if (!account) return;
        const token = await db.transaction().execute(async (trx) => {
          await voidTokens(trx, account.id, PASSWORD_LINKS, now);
          await recordEvent(trx, account.id, 'reset_requested', now);
          return issueToken(trx, 'password_reset', { userId: account.id }, RESET_TOKEN_TTL_MS, now);
        });
        await deps.mailer.send(resetMail(deps.links, account.email!, account, token));
      });
      return c.json({ data: { status: 'CHECK_EMAIL' as const } }, 202);
    },
  );

  const choosePassword = async (c: Context, purpose: 'password_reset' | 'password_activate', { token, password }: { token: string; password: string }) => {
    const verdict = await hitAll(db, deps.limits, [['linkPerAddress', clientAddress(c)]], deps.now());
    if (!verdict.allowed) return rateLimited(c, verdict.retryAfterSeconds);
    if (!TOKEN_SHAPE.test(token) || !(await peekToken(db, purpose, token, deps.now()))) return fail(c, 400, 'INVALID_LINK');
    const hashed = await hashOrRateLimited(c, deps.passwords, password);
    if ('busy' in hashed) return hashed.busy;
    const { hash } = hashed;
    const now = deps.now();
    const account = await db.transaction().execute(async (trx) => {
      const owner = await consumeToken(trx, purpose, token, now);
      const row = owner?.userId ? await findById(trx, owner.userId) : null;
      if (!row) return null;
      // The link proves the address: confirmed, unlocked, and whoever else held a session is out.
      await updateAccount(trx, row.id, { password_hash: hash, email_verified: true, failed_logins: 0, locked_at: null }, now);
      // An identity linked while the address was unconfirmed (a Facebook registration) has not
      // been vouched for by the address's owner: it goes, as on the pre-hijacking path.
      if (!row.emailVerified) await deleteIdentities(trx, row.id);
      await endAllSessions(trx, row.id);
      // Confirmation links sign in: they go too.
      await voidTokens(trx, row.id, [...PASSWORD_LINKS, 'confirm_email'], now);
      await recordEvent(trx, row.id, purpose === 'password_reset' ? 'password_reset' : 'password_activated', now);
      return row;
    });
    if (!account) return fail(c, 400, 'INVALID_LINK');
    if (purpose === 'password_reset') {
      deps.background.run('password_changed_notice', () => deps.mailer.send(passwordChangedMail(deps.links, account.email!, account)));
    }
    return c.json({ data: { status: 'PASSWORD_RESET' as const } }, 200);
  };

  app.openapi(routes.reset, (c) => choosePassword(c, 'password_reset', c.req.valid('json')));
  app.openapi(routes.activate, (c) => choosePassword(c, 'password_activate', c.req.valid('json')));
}
