/**
 * Issue 17 point 6 on PGlite and PostgreSQL, through REST with the fixture's clock: a month of
 * sales (three deals of the business, one at its own 10% rate, one of goods; and another
 * merchant's deal), redemptions, undos within 15 minutes and refused after, 14-day refunds, goods
 * sent and returned (the real refund paths); then the weekly statements of that month, checked
 * against the vouchers, events, dispatches and refunds tables with independent SQL. The CSV and
 * the PDF (its text read back with pdftotext), and bad input named.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { vouchersFixture } from '../test/fixture.ts';
import { recordOrderDelivery } from '../posting/posting.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const MINUTE = 60_000;
const DAY = 86_400_000;
const ME = 'business:7';
/** 7: a spa day (the business's 25%); 9: its deal with 10%; 10: its goods. 8 is another merchant's. */
const MINE = [7, 9, 10];
const COMMISSION = { defaultBp: 2500, perDeal: [{ dealId: 9, commissionBp: 1000 }] };
const BP: Record<number, number> = { 7: 2500, 9: 1000, 10: 2500 };
const GOODS = { deliveryType: 'postal', merchant: { name: 'Sparrow & Oak', address: '12 Market Street, Edinburgh', postcode: 'EH1 1AA' } };
const ADDRESS = { name: 'Morag Campbell', line1: '21 Byres Road', line2: null, town: 'Glasgow', county: null, postcode: 'G11 5RD' };
/** Monday 2 November 2026, 00:00 London (GMT): the month runs four weeks from here. */
const START = new Date('2026-11-02T00:00:00Z');
const MONDAYS = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];

/** A seeded generator (mulberry32): the same month every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.each(testDatabases())('payout statements on %s', (_name, open) => {
  const f = suiteFixture(() => vouchersFixture(open, new Date(START.getTime() + 8 * 3_600_000)), (fixture) => fixture.close());
  const json = async (res: Response): Promise<Body> => (await res.json()) as Body;
  const to = (at: Date) => {
    if (at.getTime() < f.clock.now.getTime()) throw new Error('the clock only moves forward');
    f.clock.now = at;
  };
  const statement = (from: string, more: Record<string, unknown> = {}) => f.call('POST', '/payouts/statement', { dealIds: MINE, commission: COMMISSION, from, ...more });
  const rows = async <T,>(query: ReturnType<typeof sql<T>>) => (await query.execute(f.database.db)).rows;

  it('a seeded month: the weekly statements add up to the vouchers and refunds tables, every redemption that stands paid exactly once, an undone one never', async () => {
    const rnd = random(17);
    const pick = <T,>(xs: T[]): T => xs.splice(Math.floor(rnd() * xs.length), 1)[0]!;
    const ALICE = `ct-alice-${randomUUID()}`;
    const ready: Array<{ id: string; code: string; paidAt: number }> = [];
    const goods: Array<{ id: string; paidAt: number }> = [];
    const sentGoods: Array<{ id: string; paidAt: number }> = [];
    const undone: string[] = [];

    for (let day = 0; day < 28; day++) {
      const morning = new Date(START.getTime() + day * DAY + 9 * 3_600_000);
      to(morning);
      // Sales: two or three vouchers of the business's deals at odd prices, one of goods, one of another merchant's.
      for (let i = 0; i < 2 + Math.floor(rnd() * 2); i++) {
        const dealId = rnd() < 0.5 ? 7 : 9;
        const [v] = await f.issue(ALICE, 1, { dealId, price: 505 + Math.floor(rnd() * 4000) });
        ready.push({ id: v!.id, code: v!.code, paidAt: morning.getTime() });
      }
      const orderId = randomUUID();
      const [g] = await f.issue(ALICE, 1, { dealId: 10, orderId, price: 1999 });
      await f.database.db.transaction().execute((trx) => recordOrderDelivery(trx, orderId, ADDRESS));
      goods.push({ id: g!.id, paidAt: morning.getTime() });
      const [theirs] = await f.issue(ALICE, 1, { dealId: 8 });
      expect((await f.call('POST', '/redemptions', { dealIds: [8], merchantRef: 'business:8', code: theirs!.code })).status).toBe(200);

      // Redemptions at the till; one in three undone within 15 minutes.
      to(new Date(morning.getTime() + 2 * 3_600_000));
      for (let i = 0; i < 2 && ready.length > 2; i++) {
        const v = pick(ready);
        expect((await f.call('POST', '/redemptions', { dealIds: MINE, merchantRef: ME, code: v.code })).status).toBe(200);
        if (rnd() < 0.35) {
          to(new Date(f.clock.now.getTime() + 5 * MINUTE));
          expect((await f.call('POST', `/redemptions/${v.id}/undo`, { dealIds: MINE, merchantRef: ME })).status).toBe(200);
          undone.push(v.id);
          ready.push(v);
        }
        to(new Date(f.clock.now.getTime() + MINUTE));
      }
      // A refund within 14 days, through the real refund path.
      to(new Date(morning.getTime() + 4 * 3_600_000));
      const fresh = ready.filter((v) => f.clock.now.getTime() - v.paidAt < 10 * DAY);
      if (fresh.length && rnd() < 0.6) {
        const v = fresh[Math.floor(rnd() * fresh.length)]!;
        ready.splice(ready.indexOf(v), 1);
        expect((await f.call('POST', '/voucher/pmv/refund', { voucherId: v.id, customerToken: ALICE, destination: 'original', idempotencyKey: randomUUID() })).status).toBe(201);
      }
      // Goods: yesterday's parcel posted; every third posted parcel comes back and is refunded days later.
      to(new Date(morning.getTime() + 6 * 3_600_000));
      if (goods.length > 1) {
        const g1 = goods.shift()!;
        expect((await f.call('POST', `/posting/${g1.id}/sent`, { merchantRef: ME, dealIds: MINE, carrier: 'Royal Mail', trackingReference: `JD${day}0000123` })).status).toBe(201);
        sentGoods.push(g1);
      }
      if (day % 3 === 2 && sentGoods.length > 1) {
        const back = sentGoods.shift()!;
        const created = await json(await f.call('POST', '/create-return-order', { voucherId: back.id, customerToken: ALICE, reason: 'damaged', deal: GOODS }));
        expect((await f.call('POST', `/v1/returns/${created.return.id}/events`, { event: 'shipped', actorRef: 'depot:hawick' })).status).toBe(200);
        to(new Date(f.clock.now.getTime() + 3_600_000));
        expect((await f.call('POST', `/posting/${back.id}/return-received`, { merchantRef: ME, dealIds: MINE })).status).toBe(200);
      }
      // One undo asked too late: the redemption stands and is paid.
      if (day === 20) {
        const late = pick(ready);
        to(new Date(morning.getTime() + 8 * 3_600_000));
        expect((await f.call('POST', '/redemptions', { dealIds: MINE, merchantRef: ME, code: late.code })).status).toBe(200);
        to(new Date(f.clock.now.getTime() + 16 * MINUTE));
        expect((await f.call('POST', `/redemptions/${late.id}/undo`, { dealIds: MINE, merchantRef: ME })).status).toBe(409);
      }
      // Late on Sunday: one redemption undone just after midnight (never paid), one that stands (paid in the week ending).
      if (day % 7 === 6 && ready.length > 2) {
        to(new Date(START.getTime() + (day + 1) * DAY - 3 * MINUTE));
        const [a, b] = [pick(ready), pick(ready)];
        expect((await f.call('POST', '/redemptions', { dealIds: MINE, merchantRef: ME, code: a.code })).status).toBe(200);
        expect((await f.call('POST', '/redemptions', { dealIds: MINE, merchantRef: ME, code: b.code })).status).toBe(200);
        to(new Date(START.getTime() + (day + 1) * DAY + 5 * MINUTE));
        expect((await f.call('POST', `/redemptions/${a.id}/undo`, { dealIds: MINE, merchantRef: ME })).status).toBe(200);
        undone.push(a.id);
        ready.push(a);
      }
    }
    to(new Date(START.getTime() + 28 * DAY + 20 * MINUTE)); // Monday 30 November, 00:20: the month's weeks are final.

    const weeks = await Promise.all(MONDAYS.map(async (from) => json(await statement(from))));
    expect(weeks.map((w) => [w.startDate, w.endDate, w.final])).toEqual([
      ['2026-11-02', '2026-11-08', true],
      ['2026-11-09', '2026-11-15', true],
      ['2026-11-16', '2026-11-22', true],
      ['2026-11-23', '2026-11-29', true],
    ]);
    const lines = weeks.flatMap((w) => w.lines as Body[]);

    // Each statement's totals are the sums of its lines, and add up.
    for (const w of weeks) {
      const ls = w.lines as Body[];
      const pay = ls.filter((l) => l.kind !== 'clawback');
      const back = ls.filter((l) => l.kind === 'clawback');
      expect(w.totals).toEqual({
        vouchers: pay.length,
        gross: pay.reduce((s, l) => s + l.paid, 0),
        commission: pay.reduce((s, l) => s + l.commission, 0),
        refunds: back.length,
        refunded: 0 - back.reduce((s, l) => s + l.net, 0),
        net: ls.reduce((s, l) => s + l.net, 0),
      });
      expect(w.totals.gross - w.totals.commission - w.totals.refunded).toBe(w.totals.net);
      for (const l of ls) {
        expect(l.commission).toBe(Math.sign(l.paid) * Math.floor((Math.abs(l.paid) * BP[l.dealId]! + 5000) / 10000));
        expect(l.net).toBe(l.paid - l.commission);
        expect(MINE).toContain(l.dealId);
      }
    }

    // Every redemption that stands (the voucher is Redeemed), by independent SQL: paid exactly once, in the London week of its redeem event, at its paid value.
    const redeemed = await rows(sql<{ id: string; paid: number; week: string }>`
      select v.id, v.paid, to_char(date_trunc('week', (e.at at time zone 'Europe/London')), 'YYYY-MM-DD') as week
        from vouchers.voucher v
        join lateral (select at from vouchers.voucher_event where voucher_id = v.id and event = 'redeem' order by id desc limit 1) e on true
       where v.deal_id = any(${MINE}::int[]) and v.status = 'Redeemed'`);
    expect(redeemed.length).toBeGreaterThan(30);
    const redeemedLines = lines.filter((l) => l.kind === 'redeemed');
    expect(redeemedLines.map((l) => l.voucherId).sort()).toEqual(redeemed.map((r) => r.id).sort());
    for (const r of redeemed) {
      const week = weeks.find((w) => (w.lines as Body[]).some((l) => l.voucherId === r.id));
      expect(week!.startDate).toBe(r.week);
      expect(redeemedLines.find((l) => l.voucherId === r.id)!.paid).toBe(Number(r.paid));
    }
    // An undone redemption is never paid (unless it was redeemed again later and stands: then it is in the list above).
    const stillUndone = await rows(sql<{ id: string }>`select id from vouchers.voucher where id = any(${undone}::uuid[]) and status <> 'Redeemed'`);
    expect(stillUndone.length).toBeGreaterThan(3);
    for (const u of stillUndone) expect(lines.some((l) => l.voucherId === u.id)).toBe(false);
    // Refunded spa days (never redeemed) never appear.
    const refundedUnused = await rows(sql<{ id: string }>`select r.voucher_id as id from vouchers.refund r join vouchers.voucher v on v.id = r.voucher_id where v.deal_id in (7, 9)`);
    expect(refundedUnused.length).toBeGreaterThan(5);
    for (const r of refundedUnused) expect(lines.some((l) => l.voucherId === r.id)).toBe(false);

    // Goods: sent and not refunded, paid once in the week sent; sent and refunded: paid then clawed back at the refund's value, or neither within one week.
    const sentRows = await rows(sql<{ id: string; paid: number; sent_week: string; refund_week: string | null; refunded: number | null }>`
      select d.voucher_id as id, v.paid,
             to_char(date_trunc('week', (d.sent_at at time zone 'Europe/London')), 'YYYY-MM-DD') as sent_week,
             to_char(date_trunc('week', (r.created_at at time zone 'Europe/London')), 'YYYY-MM-DD') as refund_week,
             r.cash_amount + r.wallet_amount as refunded
        from vouchers.dispatch d join vouchers.voucher v on v.id = d.voucher_id left join vouchers.refund r on r.voucher_id = d.voucher_id
       where v.deal_id = 10`);
    expect(sentRows.filter((s) => s.refund_week !== null && s.refund_week !== s.sent_week).length).toBeGreaterThan(2);
    for (const s of sentRows) {
      const mine = lines.filter((l) => l.voucherId === s.id);
      if (s.refund_week === null) expect(mine.map((l) => l.kind)).toEqual(['sent']);
      else if (s.refund_week === s.sent_week) expect(mine).toEqual([]);
      else {
        expect(mine.map((l) => l.kind)).toEqual(['sent', 'clawback']);
        expect(-mine[1]!.paid).toBe(Number(s.refunded)); // the refund gave back what it was paid
        expect(weeks.find((w) => (w.lines as Body[]).includes(mine[1]!))!.startDate).toBe(s.refund_week);
      }
    }
    expect(lines.filter((l) => l.kind === 'sent' || l.kind === 'clawback')).toHaveLength(sentRows.reduce((n, s) => n + (s.refund_week === null ? 1 : s.refund_week === s.sent_week ? 0 : 2), 0));

    // The month's net, by independent SQL: Σ (paid − commission, half up) of the vouchers paid out and not refunded within it.
    const [expected] = await rows(sql<{ net: number | string }>`
      with paid_out as (
        select v.id, v.paid, v.deal_id from vouchers.voucher v where v.deal_id = any(${MINE}::int[]) and v.status = 'Redeemed'
        union all
        select v.id, v.paid, v.deal_id from vouchers.dispatch d join vouchers.voucher v on v.id = d.voucher_id
         where v.deal_id = any(${MINE}::int[]) and not exists (select 1 from vouchers.refund r where r.voucher_id = v.id and r.created_at < ${new Date(START.getTime() + 28 * DAY)})
      )
      select coalesce(sum(paid - (paid * (case when deal_id = 9 then 1000 else 2500 end) + 5000) / 10000), 0) as net from paid_out`);
    expect(weeks.reduce((s, w) => s + w.totals.net, 0)).toBe(Number(expected!.net));

    // The month as one statement: the same net (a clawback inside the month cancels its payout).
    const month = await json(await statement('2026-11-01', { period: 'month' }));
    expect(month.totals.net).toBe(Number(expected!.net));

    // The list of weeks: the same totals, newest first, this week included (empty so far).
    const list = await json(await f.call('POST', '/payouts/statements', { dealIds: MINE, commission: COMMISSION, weeks: 5 }));
    expect(list.statements.map((s: Body) => s.startDate)).toEqual(['2026-11-30', ...[...MONDAYS].reverse()]);
    expect(list.statements[0]).toMatchObject({ final: false, totals: { vouchers: 0, net: 0 } });
    expect(list.statements.slice(1).map((s: Body) => s.totals)).toEqual([...weeks].reverse().map((w) => w.totals));

    // Another merchant's deal has its own statement and none of ours.
    const theirs = await json(await f.call('POST', '/payouts/statement', { dealIds: [8], commission: { defaultBp: 2500 }, from: MONDAYS[0] }));
    expect(theirs.totals.vouchers).toBe(7);
    expect(theirs.lines.every((l: Body) => l.dealId === 8)).toBe(true);

    // CSV and PDF of the last week.
    const body = { dealIds: MINE, commission: COMMISSION, from: MONDAYS[3], businessName: 'Sparrow & Oak', dealTitles: [{ dealId: 7, title: '=Spa, day "deluxe"' }] };
    const csvRes = await f.call('POST', '/payouts/statement/csv', body);
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get('content-type')).toContain('text/csv');
    expect(csvRes.headers.get('content-disposition')).toBe('attachment; filename="payout-statement-2026-11-23.csv"');
    const csv = (await csvRes.text()).split('\r\n');
    const w4 = weeks[3]!;
    expect(csv[0]).toBe('Date (London),Kind,Voucher code,Deal,Option,Paid,Commission rate,Commission,Net');
    expect(csv.slice(1, 1 + w4.lines.length).every((l) => w4.lines.some((x: Body) => l.includes(x.code)))).toBe(true);
    expect(csv).toContain(`Net payable,${(w4.totals.net / 100).toFixed(2)}`);
    expect(csv.some((l) => l.includes(`"'=Spa, day ""deluxe"""`))).toBe(true);

    const pdfRes = await f.call('POST', '/payouts/statement/pdf', body);
    expect(pdfRes.status).toBe(200);
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    const file = join(mkdtempSync(join(tmpdir(), 'payout-')), 'statement.pdf');
    writeFileSync(file, new Uint8Array(await pdfRes.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Payout statement');
    expect(text).toContain('Sparrow & Oak');
    expect(text).toContain('23 November 2026 to 29 November 2026');
    expect(text).toContain(`£${(w4.totals.net / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    expect(text).toContain(w4.lines[0].code);
  });

  it('bad input is a 400 naming the field: a week not starting on a Monday, a month not on the 1st, a rate out of range, too many weeks', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/payouts/statement', { from: '2026-11-24' }, 'from'],
      ['/payouts/statement', { from: '2026-11-02', period: 'month' }, 'from'],
      ['/payouts/statement', { from: '2026-02-30' }, 'from'],
      ['/payouts/statement', { from: '9999-12-27' }, 'from'],
      ['/payouts/statement', { from: '1999-12-27' }, 'from'],
      ['/payouts/statement', { from: '2026-11-02', commission: { defaultBp: 10_001 } }, 'commission'],
      ['/payouts/statement', { from: '2026-11-02', dealIds: [3_000_000_000] }, 'dealIds'],
      ['/payouts/statement', { from: '2026-11-02', businessName: 'x'.repeat(201) }, 'businessName'],
      ['/payouts/statements', { weeks: 53 }, 'weeks'],
    ];
    for (const [path, extra, field] of cases) {
      const res = await f.call('POST', path, { dealIds: MINE, commission: COMMISSION, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(JSON.stringify(((await json(res)).errors as Body[]).map((e) => e.field)), JSON.stringify(extra)).toContain(field);
    }
    // Names are taken as the catalogue has them (an emoji with its joiner; control characters become spaces), never a 400.
    const printed = await f.call('POST', '/payouts/statement/csv', { dealIds: MINE, commission: COMMISSION, from: '2026-11-02', businessName: 'Caf\u00e9 \u{1F469}\u200D\u{1F373}\u0007 Bar' });
    expect(printed.status, await printed.text()).toBe(200);
  });
});
