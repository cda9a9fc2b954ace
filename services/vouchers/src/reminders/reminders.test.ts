/**
 * Expiry reminders (issue 16 point 9) on PGlite and PostgreSQL with the real outbox mailer: 30,
 * 7 and 1 days before a voucher expires (London days), only the most urgent one due, each kind
 * once per voucher; only vouchers Ready to Redeem of a holder with an email; the email's words and
 * links (extend; refund within 14 days of purchase only). Crash safety (reliability C5) in
 * process: a run that fails at each fault point, then runs again, and two runs at once, send each
 * reminder exactly once. The real kill -9 is in reminders-crash.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createOutboxMailer, listOutbox, migrateMail, SERVICE_TOKEN_HEADER, type Mailer } from '@shop/platform';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { endOfLondonDayAfter } from '@shop/domain/london-time';
import { dueReminder, reminderWindowEnds } from '@shop/domain/voucher-extension';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { createVouchersApp } from '../app.ts';
import { vouchersFixture } from '../test/fixture.ts';
import { TEST_TOKEN } from '@shop/platform/test-app';
import { reminderMail, remindExpiringVouchers, reminderMessageId, type ReminderDeps, type ReminderFaultPoint } from './reminders.ts';

const DAY = 86_400_000;

describe('which reminder is due (pure, London days)', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  it('the most urgent window the expiry is in, once', () => {
    expect(dueReminder(endOfLondonDayAfter(now, 31), now, [])).toBeNull();
    expect(dueReminder(endOfLondonDayAfter(now, 30), now, [])).toBe('30d');
    expect(dueReminder(endOfLondonDayAfter(now, 8), now, ['30d'])).toBeNull();
    expect(dueReminder(endOfLondonDayAfter(now, 5), now, [])).toBe('7d');
    expect(dueReminder(endOfLondonDayAfter(now, 5), now, ['7d'])).toBeNull();
    expect(dueReminder(endOfLondonDayAfter(now, 1), now, ['30d', '7d'])).toBe('1d');
    expect(dueReminder(endOfLondonDayAfter(now, 0), now, [])).toBe('1d');
    expect(dueReminder(new Date(now.getTime() - 1), now, [])).toBeNull();
    // Across the clocks going forward: 30 London days before 29 March 2027 is 27 February.
    const spring = new Date('2027-02-27T23:30:00Z');
    expect(reminderWindowEnds(spring)['30d'].toISOString()).toBe('2027-03-29T22:59:59.999Z');
  });
});

describe.each(testDatabases())('expiry reminders on %s', (_name, open) => {
  const f = suiteFixture(
    async () => {
      const fixture = await vouchersFixture(open);
      await migrateMail(fixture.database.db);
      return fixture;
    },
    (fixture) => fixture.close(),
  );
  let emails = new Map<string, string>();
  beforeEach(() => {
    emails = new Map();
    // One database for the block: each test starts at the same instant.
    f.clock.now = new Date('2026-11-20T10:00:00Z');
  });
  const holder = (name: string) => {
    const token = `ct-${name}-${randomUUID()}`;
    emails.set(token, `${name}.${randomUUID().slice(0, 8)}@example.com`);
    return token;
  };
  const deps = (over: Partial<ReminderDeps> = {}): ReminderDeps => ({
    db: f.database.db,
    mailer: createOutboxMailer(f.database.db),
    now: () => f.clock.now,
    publicBaseUrl: 'https://shop.example',
    holderEmails: async (tokens) => new Map(tokens.filter((t) => emails.has(t)).map((t) => [t, emails.get(t)!])),
    ...over,
  });
  const inbox = (token: string) => listOutbox(f.database.db, { to: emails.get(token)!, limit: 50 });
  const expiring = (days: number) => ({ expiresAt: endOfLondonDayAfter(f.clock.now, days) });

  it('sends the most urgent reminder due, once; none for later expiries, other statuses, guests or holders with no email', async () => {
    const alice = holder('alice');
    const [in25] = await f.issue(alice, 1, expiring(25));
    const [in5] = await f.issue(alice, 1, expiring(5));
    const [in0] = await f.issue(alice, 1, expiring(0));
    await f.issue(alice, 1, expiring(60));
    const [redeemed] = await f.issue(alice, 1, expiring(3));
    await f.database.db.transaction().execute((trx) => moveVouchers(trx, { id: redeemed!.id }, { event: 'redeem', actor: 'merchant', reason: 'Redeemed', at: f.clock.now, dealIds: [7] }));
    await f.issue(null, 1, expiring(3));
    const nobody = `ct-gone-${randomUUID()}`;
    await f.issue(nobody, 1, expiring(3));

    const first = await remindExpiringVouchers(deps());
    expect(first).toEqual({ recorded: 3, sent: 3 });
    const mails = await inbox(alice);
    expect(mails.map((m) => m.messageId).sort()).toEqual([reminderMessageId(in25!.id, '30d'), reminderMessageId(in5!.id, '7d'), reminderMessageId(in0!.id, '1d')].sort());
    expect(new Set(mails.map((m) => m.kind))).toEqual(new Set(['voucher_expiry_reminder']));
    const reminders = (await sql<{ voucher_id: string; kind: string; sent_at: Date | null }>`select voucher_id, kind, sent_at from vouchers.reminder where voucher_id in (${sql.join([in25!.id, in5!.id, in0!.id, redeemed!.id])})`.execute(f.database.db)).rows;
    expect(reminders).toHaveLength(3);
    expect(reminders.every((r) => r.sent_at !== null)).toBe(true);

    // Again at once: nothing new. A day later: still nothing (each kind once).
    expect(await remindExpiringVouchers(deps())).toEqual({ recorded: 0, sent: 0 });
    f.clock.now = new Date(f.clock.now.getTime() + DAY);
    expect(await remindExpiringVouchers(deps())).toEqual({ recorded: 0, sent: 0 });
    // 19 days on, the first voucher is 5 days from its expiry: its 7-day reminder.
    f.clock.now = new Date(f.clock.now.getTime() + 19 * DAY);
    expect(await remindExpiringVouchers(deps())).toEqual({ recorded: 1, sent: 1 });
    expect((await inbox(alice)).map((m) => m.messageId)).toContain(reminderMessageId(in25!.id, '7d'));
    expect(await inbox(alice)).toHaveLength(4);
  });

  it('the email: the voucher, its London expiry, the one-tap extension link, and the refund link only within 14 days of purchase', async () => {
    const bea = holder('bea');
    const paidAt = new Date(f.clock.now.getTime() - 3 * DAY);
    const [recent] = await f.issue(bea, 1, { paidAt, expiresAt: new Date('2026-11-26T23:59:59.999Z') });
    const [old] = await f.issue(bea, 1, { paidAt: new Date(f.clock.now.getTime() - 60 * DAY), expiresAt: new Date('2026-12-15T23:59:59.999Z') });
    await remindExpiringVouchers(deps());
    const mails = await inbox(bea);
    const recentMail = mails.find((m) => m.messageId === reminderMessageId(recent!.id, '7d'))!;
    expect(recentMail.subject).toBe('Your voucher for Spa day for two expires on 26 November 2026');
    expect(recentMail.text).toContain(`Your voucher for Spa day for two (order ${recent!.order_number}) expires in 6 days, on 26 November 2026.`);
    expect(recentMail.text).toContain(`Need more time? Extend its validity by up to 3 months: https://shop.example/voucher/extend/${recent!.id}`);
    expect(recentMail.text).toContain('Changed your mind? You can refund it until 1 December 2026: https://shop.example/myaccount/vouchers');
    const oldMail = mails.find((m) => m.messageId === reminderMessageId(old!.id, '30d'))!;
    expect(oldMail.text).toContain(`https://shop.example/voucher/extend/${old!.id}`);
    expect(oldMail.text).not.toContain('refund');
  });

  it.each<ReminderFaultPoint>(['before-commit', 'after-record', 'after-send'])('C5: a run that dies at %s, then runs again, sends each reminder exactly once', async (point) => {
    const cy = holder('cy');
    const vouchers = [...(await f.issue(cy, 3, expiring(20))), ...(await f.issue(cy, 2, expiring(4)))];
    let handedOver = 0;
    const counting = createOutboxMailer(f.database.db);
    const mailer: Mailer = { ...counting, send: async (m) => void (handedOver++, await counting.send(m)) };
    let failed = false;
    await expect(
      remindExpiringVouchers(deps({ mailer, fault: (p) => {
        if (p === point && !failed) {
          failed = true;
          throw new Error(`fault at ${p}`);
        }
      } }), 2),
    ).rejects.toThrow(`fault at ${point}`);
    await remindExpiringVouchers(deps({ mailer }), 2);
    const mails = await inbox(cy);
    expect(mails.map((m) => m.messageId).sort()).toEqual(vouchers.map((v, i) => reminderMessageId(v.id, i < 3 ? '30d' : '7d')).sort());
    // At most one repeated hand-over (the one whose mark was lost), stored once by its Message-ID.
    expect(handedOver).toBeLessThanOrEqual(point === 'after-send' ? 6 : 5);
    const unsent = await sql<{ n: number }>`select count(*)::int as n from vouchers.reminder where sent_at is null`.execute(f.database.db);
    expect(unsent.rows[0]!.n).toBe(0);
    expect(await remindExpiringVouchers(deps({ mailer }))).toEqual({ recorded: 0, sent: 0 });
  });

  it("a gift received: the mail offers neither the extension nor the refund (both are the buyer's)", () => {
    const now = f.clock.now;
    const v = { id: randomUUID(), title: 'Spa day for two', order_number: '100001', expires_at: endOfLondonDayAfter(now, 5), paid_at: now, extended_months: 0 };
    const own = reminderMail('https://shop.example', v, now).text;
    expect(own).toContain('/voucher/extend/');
    expect(own).toContain('Changed your mind?');
    const gift = reminderMail('https://shop.example', { ...v, gift_received: true }, now).text;
    expect(gift).not.toContain('/voucher/extend/');
    expect(gift).not.toContain('refund');
    expect(gift).toContain('It was a gift: use it before then.');
  });

  it('POST /reminders/run: runs the job now; `asOf` (a later day) only in a test shop, elsewhere a 400 naming asOf', async () => {
    const alice = holder('alice');
    const [v] = await f.issue(alice, 1, expiring(60));
    const shopApp = (remindersAhead: boolean) =>
      createVouchersApp({ db: f.database.db, serviceToken: TEST_TOKEN, now: () => f.clock.now, mailer: createOutboxMailer(f.database.db), holderEmails: deps().holderEmails, remindersAhead });
    const run = (remindersAhead: boolean, body: unknown) =>
      shopApp(remindersAhead).request('/reminders/run', { method: 'POST', headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: TEST_TOKEN }, body: JSON.stringify(body) });
    const asOf = new Date(f.clock.now.getTime() + 45 * DAY).toISOString();
    const refused = await run(false, { asOf });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['asOf']);
    expect(await (await run(false, {})).json()).toEqual({ recorded: 0, sent: 0 });
    expect(await inbox(alice)).toEqual([]);
    expect(await (await run(true, { asOf })).json()).toEqual({ recorded: 1, sent: 1 });
    expect((await inbox(alice)).map((m) => m.messageId)).toEqual([reminderMessageId(v!.id, '30d')]);
  });

  it('C5: two runs at once record and send each reminder once', async () => {
    const dee = holder('dee');
    const vouchers = await f.issue(dee, 12, expiring(6));
    const results = await Promise.all([remindExpiringVouchers(deps(), 3), remindExpiringVouchers(deps(), 3)]);
    expect(results[0]!.recorded + results[1]!.recorded).toBe(12);
    const mails = await inbox(dee);
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((m) => m.messageId))).toEqual(new Set(vouchers.map((v) => reminderMessageId(v.id, '7d'))));
  });
});
