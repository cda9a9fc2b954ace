import type { OpenAPIHono } from '@hono/zod-openapi';
import { REFERRAL_CODE_PATTERN } from '@shop/domain/referrals';
import { authOf } from '../lib/auth.ts';
import type { UsersDeps } from '../lib/deps.ts';
import { invalid } from '../lib/http.ts';
import * as routes from './referrals.routes.ts';
import { joinReferral, recordOpen, recordShare, referralsOf, referralSummary } from './referrals.store.ts';

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|([0-9a-f-]{36})$/;

export function registerReferralRoutes(app: OpenAPIHono, deps: UsersDeps): void {
  const { db } = deps;

  app.openapi(routes.rafStatus, async (c) => {
    const { account } = authOf(c);
    const s = await referralSummary(db, account.id, deps.now());
    return c.json(
      {
        data: {
          code: s.link.code,
          shares: s.link.shares,
          opens: s.link.opens,
          joined: s.joined,
          pending: s.pending,
          pendingAmount: s.pendingAmount,
          credited: s.credited,
          creditedAmount: s.creditedAmount,
          creditedFriends: s.link.creditedFriends,
          nextDueAt: s.nextDueAt?.toISOString() ?? null,
        },
      },
      200,
    );
  });

  app.openapi(routes.rafReferrals, async (c) => {
    const { account } = authOf(c);
    const { limit, after } = c.req.valid('query');
    let cursor: { at: Date; id: string } | null = null;
    if (after !== undefined) {
      const m = CURSOR.exec(Buffer.from(after, 'base64url').toString());
      if (!m) return invalid(c, [{ field: 'after', message: 'Not a cursor of this list.' }]);
      cursor = { at: new Date(m[1]!), id: m[2]! };
    }
    const rows = await referralsOf(db, account.id, { limit: limit + 1, after: cursor });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit && last ? Buffer.from(`${last.joinedAt.toISOString()}|${last.id}`).toString('base64url') : null;
    const data = page.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString(), dueAt: r.dueAt?.toISOString() ?? null, settledAt: r.settledAt?.toISOString() ?? null }));
    return c.json({ data, nextCursor }, 200);
  });

  app.openapi(routes.rafShare, async (c) => {
    const { account } = authOf(c);
    const link = await recordShare(db, account.id, deps.now());
    return c.json({ data: { shares: link.shares } }, 200);
  });

  app.openapi(routes.rafOpen, async (c) => {
    const { code } = c.req.valid('json');
    const known = REFERRAL_CODE_PATTERN.test(code) && (await recordOpen(db, code));
    return c.json({ data: { known } }, 200);
  });

  app.openapi(routes.rafJoin, async (c) => {
    const { account } = authOf(c);
    const { code } = c.req.valid('json');
    if (!REFERRAL_CODE_PATTERN.test(code)) return c.json({ data: { joined: false, reason: 'UNKNOWN_CODE' as const } }, 200);
    const result = await joinReferral(db, { refereeId: account.id, code, now: deps.now() });
    return c.json({ data: result.joined ? { joined: true, reason: null } : { joined: false, reason: result.reason === 'SELF_ACCOUNT' || result.reason === 'SELF_EMAIL' || result.reason === 'ALREADY_REFERRED' || result.reason === 'NOT_NEW' ? result.reason : ('UNKNOWN_CODE' as const) } }, 200);
  });
}
