/**
 * Refer a friend in the users service (issue 18 point 4): the personal link made once and kept,
 * opens and shares counted, a friend joining through a link, and every refusal: oneself by
 * account and by canonical email, an account older than 7 days, a second referrer, an unknown
 * code. The session decides whose link and referrals are read (Z1). On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { usersFixture, type UsersFixture } from '../test/users-fixture.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

describe.each(testDatabases())('refer a friend on %s', (_name, open) => {
  let f: UsersFixture;
  beforeAll(async () => {
    f = await usersFixture(open);
  });
  afterAll(async () => {
    await f?.close();
  });

  const status = async (session: string) => ((await (await f.call('GET', '/user/raf/status?origin=account', { session })).json()) as Body).data;
  const join = async (session: string, code: string) => {
    const res = await f.call('POST', '/user/raf/join', { session, body: { code } });
    expect(res.status).toBe(200);
    return ((await res.json()) as Body).data;
  };
  const list = async (session: string) => ((await (await f.call('GET', '/user/raf/referrals?limit=10', { session })).json()) as Body).data as Body[];

  it('makes one link per account, counts opens and shares, and records a new friend once', async () => {
    const ann = await f.signUp({ firstName: 'Ann' });
    const s = await status(ann.data.session.token);
    expect(s).toMatchObject({ shares: 0, opens: 0, joined: 0, pending: 0, pendingAmount: 0, credited: 0, creditedAmount: 0, creditedFriends: 0, nextDueAt: null });
    expect(s.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await status(ann.data.session.token)).code).toBe(s.code);

    expect(((await (await f.call('POST', '/user/raf/stat/open', { body: { code: s.code } })).json()) as Body).data).toEqual({ known: true });
    expect(((await (await f.call('POST', '/user/raf/stat/open', { body: { code: 'A'.repeat(16) } })).json()) as Body).data).toEqual({ known: false });
    expect(((await (await f.call('POST', '/user/raf/stat/share', { session: ann.data.session.token, body: { channel: 'email' } })).json()) as Body).data).toEqual({ shares: 1 });
    const badShare = await f.call('POST', '/user/raf/stat/share', { session: ann.data.session.token, body: { channel: 'pigeon' } });
    expect(badShare.status).toBe(400);
    expect((await status(ann.data.session.token)).opens).toBe(1);

    const bob = await f.signUp({ firstName: 'Bob' });
    expect(await join(bob.data.session.token, s.code)).toEqual({ joined: true, reason: null });
    expect(await join(bob.data.session.token, s.code)).toEqual({ joined: true, reason: null });
    expect((await status(ann.data.session.token)).joined).toBe(1);
    const rows = await list(ann.data.session.token);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ friend: 'Bob', status: 'JOINED', dueAt: null, amount: 0 });
    expect(await list(bob.data.session.token)).toEqual([]);

    // A second referrer is refused: one referrer per friend.
    const cat = await f.signUp({ firstName: 'Cat' });
    const catCode = (await status(cat.data.session.token)).code;
    expect(await join(bob.data.session.token, catCode)).toEqual({ joined: false, reason: 'ALREADY_REFERRED' });
  });

  it('refuses oneself (account, canonical email), an account older than 7 days and an unknown code', async () => {
    const base = f.email('self');
    const dan = await f.signUp({ email: base, firstName: 'Dan' });
    const code = (await status(dan.data.session.token)).code;
    expect(await join(dan.data.session.token, code)).toEqual({ joined: false, reason: 'SELF_ACCOUNT' });
    const [local, domain] = base.split('@');
    const alias = await f.signUp({ email: `${local}+deals@${domain}`, firstName: 'Dan' });
    expect(await join(alias.data.session.token, code)).toEqual({ joined: false, reason: 'SELF_EMAIL' });
    expect(await join(alias.data.session.token, 'A'.repeat(16))).toEqual({ joined: false, reason: 'UNKNOWN_CODE' });
    expect(await join(alias.data.session.token, 'short')).toEqual({ joined: false, reason: 'UNKNOWN_CODE' });
    expect((await status(dan.data.session.token)).joined).toBe(0);
    const old = await f.signUp({ firstName: 'Old' });
    f.clock.advance(8 * 24 * 60 * 60 * 1000);
    const fresh = await f.login(old.email, old.password);
    const session = ((await fresh.json()) as Body).data.session.token as string;
    expect(await join(session, code)).toEqual({ joined: false, reason: 'NOT_NEW' });
  });
});
