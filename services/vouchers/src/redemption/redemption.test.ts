/**
 * Issue 17 point 3 on PGlite and PostgreSQL, through REST with the fixture's clock: the undo within
 * 15 minutes by the same business (14:59 yes, 15:01 no; back to Booked when it was Booked), the
 * attempts log, a device's offline queue replayed (the first answer again, nothing redeemed twice),
 * and a file of 10,000 codes with mixed results answered line by line, set based.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { generateVoucherCode } from '../issue/voucher-codes.ts';
import { MERCHANT_DEALS, vouchersFixture } from '../test/fixture.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { redemptionLink } from '../print/redemption-link.ts';
import type { VoucherRow } from '../issue/issue.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const MINUTE = 60_000;
const DAY = 86_400_000;
const ME = 'merchant:7';

describe.each(testDatabases())('redemption on %s', (name, open) => {
  const f = suiteFixture(() => vouchersFixture(open), (fixture) => fixture.close());
  let ALICE = '';
  beforeEach(() => {
    ALICE = `ct-alice-${randomUUID()}`;
  });
  const json = async (res: Response): Promise<Body> => (await res.json()) as Body;
  const redeem = (body: Record<string, unknown>) => f.call('POST', '/redemptions', { dealIds: MERCHANT_DEALS, merchantRef: ME, ...body });
  const undo = (voucherId: string, body: Record<string, unknown> = {}) => f.call('POST', `/redemptions/${voucherId}/undo`, { dealIds: MERCHANT_DEALS, merchantRef: ME, ...body });
  const later = (ms: number) => {
    f.clock.now = new Date(f.clock.now.getTime() + ms);
  };
  const eventsOf = async (id: string) =>
    (await sql<{ event: string; from_status: string; to_status: string; actor_ref: string | null }>`select event, from_status, to_status, actor_ref from vouchers.voucher_event where voucher_id = ${id} order by id`.execute(f.database.db)).rows.map((e) => [e.event, e.from_status, e.to_status, e.actor_ref]);
  const merchantName = () => `merchant:${randomUUID()}`;

  it('undo: 14:59 after the redemption it is Ready to Redeem again, by the same business only; 15:01 after, 409 REDEMPTION_UNDO_EXPIRED', async () => {
    const [v] = await f.issue(ALICE, 1);
    const redeemed = await redeem({ code: v!.code });
    expect(redeemed.status).toBe(200);
    expect((await json(redeemed)).id).toBe(v!.id);
    later(14 * MINUTE + 59_000);
    const undone = await undo(v!.id, { actorRef: 'user:41' });
    expect(undone.status).toBe(200);
    expect(await json(undone)).toMatchObject({ id: v!.id, status: 'Ready to Redeem', statusCode: 'READY_TO_REDEEM' });
    // A second undo finds nothing to undo.
    const twice = await undo(v!.id);
    expect(twice.status).toBe(409);
    expect(await json(twice)).toMatchObject({ code: 'VOUCHER_NOT_REDEEMED', detail: 'This voucher is not redeemed, so there is nothing to undo.' });

    // Redeemed again: its window runs from the new redemption.
    expect((await redeem({ code: v!.code })).status).toBe(200);
    later(15 * MINUTE + 1_000);
    const late = await undo(v!.id);
    expect(late.status).toBe(409);
    const lateBody = await json(late);
    expect(lateBody).toMatchObject({ code: 'REDEMPTION_UNDO_EXPIRED', detail: 'A redemption can be undone within 15 minutes.', redeemedAt: new Date(f.clock.now.getTime() - 15 * MINUTE - 1_000).toISOString() });
    expect(await eventsOf(v!.id)).toEqual([
      ['issue', null, 'Ready to Redeem', null],
      ['redeem', 'Ready to Redeem', 'Redeemed', ME],
      ['unredeem', 'Redeemed', 'Ready to Redeem', ME],
      ['redeem', 'Ready to Redeem', 'Redeemed', ME],
    ]);
  });

  it('an attempt id answers only its own code: reused for another code it is refused naming attemptId, and that code stays unredeemed', async () => {
    const [a, b] = await f.issue(ALICE, 2);
    const attemptId = randomUUID();
    expect((await redeem({ code: a!.code, attemptId })).status).toBe(200);
    const reused = await redeem({ code: b!.code, attemptId });
    expect(reused.status).toBe(409);
    expect(await json(reused)).toMatchObject({ code: 'ATTEMPT_ID_REUSED', errors: [{ field: 'attemptId' }] });
    expect(await eventsOf(b!.id)).toEqual([['issue', null, 'Ready to Redeem', null]]);
    // The same code again is still the first answer.
    expect(await json(await redeem({ code: a!.code, attemptId }))).toMatchObject({ id: a!.id, status: 'Redeemed' });
  });

  it('hostile input is a 400 naming the field, never a 500: ids beyond an integer, control characters in refs, links and codes', async () => {
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/redemptions', { code: 'K7QZ2M-9TXB4R-WC3HDN', dealIds: [3_000_000_000] }, 'dealIds'],
      ['POST', '/redemptions', { code: 'K7QZ2M-9TXB4R-WC3HDN', merchantRef: 'a\u0000b' }, 'merchantRef'],
      ['POST', '/redemptions', { code: 'K7QZ2M-9TXB4R-WC3HDN', actorRef: 'a\u0000b' }, 'actorRef'],
      ['POST', '/redemptions', { link: 'https://x.example/merchant/redeem/a\u0000b' }, 'link'],
      ['POST', '/redemptions/bulk', { codes: ['AB\u0000C'] }, 'codes'],
      ['POST', '/redemptions/bulk', { codes: ['A'], lines: [3_000_000_000] }, 'lines'],
      ['POST', '/redemptions/bulk', { codes: ['A'.repeat(41)] }, 'codes'],
    ];
    for (const [method, path, extra, field] of cases) {
      const res = await f.call(method, path, { dealIds: MERCHANT_DEALS, merchantRef: ME, ...extra });
      expect(res.status, `${path} ${JSON.stringify(extra)}`).toBe(400);
      expect(JSON.stringify(((await json(res)).errors as Body[]).map((e) => e.field)), path).toContain(field);
    }
    const attempts = await f.call('GET', `/redemptions/attempts?merchantRef=${encodeURIComponent('a\u0000b')}`);
    expect(attempts.status).toBe(400);
  });

  it('undo: exactly 15:00 is in time; a Booked voucher redeemed and undone is Booked again (its booking stands)', async () => {
    const [v] = await f.issue(ALICE, 1);
    await f.database.db.transaction().execute((trx) => moveVouchers(trx, { id: v!.id }, { event: 'book', actor: 'shopper', reason: 'Booked', at: f.clock.now, context: { bookable: true } }));
    expect((await redeem({ code: v!.code })).status).toBe(200);
    later(15 * MINUTE);
    const undone = await undo(v!.id);
    expect(undone.status).toBe(200);
    expect((await json(undone)).status).toBe('Booked');
    expect((await eventsOf(v!.id)).slice(-2)).toEqual([
      ['redeem', 'Booked', 'Redeemed', ME],
      ['unredeem', 'Redeemed', 'Booked', ME],
    ]);
  });

  it("undo: another business's voucher is the same 404 as an unknown id; a redemption made by another business on the same deal is not undone", async () => {
    const [v] = await f.issue(ALICE, 1);
    expect((await redeem({ code: v!.code })).status).toBe(200);
    const theirs = await f.call('POST', `/redemptions/${v!.id}/undo`, { dealIds: [8], merchantRef: 'merchant:8' });
    const unknown = await f.call('POST', `/redemptions/${randomUUID()}/undo`, { dealIds: [8], merchantRef: 'merchant:8' });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe(await unknown.text());
    // The deal named, but the redeem event is another business's: refused, and it stays Redeemed.
    const notYours = await f.call('POST', `/redemptions/${v!.id}/undo`, { dealIds: MERCHANT_DEALS, merchantRef: 'merchant:70' });
    expect(notYours.status).toBe(409);
    expect((await json(notYours)).code).toBe('REDEMPTION_NOT_YOURS');
    expect((await eventsOf(v!.id)).map((e) => e[0])).toEqual(['issue', 'redeem']);
    const bad = await f.call('POST', '/redemptions/not-a-uuid/undo', { dealIds: MERCHANT_DEALS, merchantRef: ME });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors[0].field).toBe('voucherId');
  });

  it('logs every attempt with who, when, how and the result; a code of another business is logged not found without its voucher; pages newest first', async () => {
    const merchant = merchantName();
    const [v, w] = await f.issue(ALICE, 2);
    const [other] = await f.issue(ALICE, 1, { dealId: 8 });
    const call = (body: Record<string, unknown>) => f.call('POST', '/redemptions', { dealIds: MERCHANT_DEALS, merchantRef: merchant, actorRef: 'user:41', ...body });
    expect((await call({ code: v!.code })).status).toBe(200);
    later(1_000);
    expect((await call({ code: ` ${v!.code.toLowerCase()} ` })).status).toBe(409);
    later(1_000);
    expect((await call({ code: other!.code })).status).toBe(404);
    later(1_000);
    expect((await call({ link: redemptionLink(f.app.deps.linkKey, f.app.deps.publicBaseUrl, w!.id) })).status).toBe(200);
    later(1_000);
    expect((await call({ link: 'http://localhost:4000/merchant/redeem/forged.AAAA' })).status).toBe(404);
    later(1_000);
    expect((await f.call('POST', `/redemptions/${w!.id}/undo`, { dealIds: MERCHANT_DEALS, merchantRef: merchant, actorRef: 'user:42' })).status).toBe(200);

    const page = await json(await f.call('GET', `/redemptions/attempts?merchantRef=${encodeURIComponent(merchant)}&limit=4`));
    expect(page.attempts.map((a: Body) => [a.channel, a.result, a.voucherId, a.actorRef])).toEqual([
      ['typed', 'undone', w!.id, 'user:42'],
      ['qr', 'not_found', null, 'user:41'],
      ['qr', 'redeemed', w!.id, 'user:41'],
      ['typed', 'not_found', null, 'user:41'],
    ]);
    expect(page.attempts[3].code).toBe(other!.code);
    expect(page.attempts[0].at).toBe(f.clock.now.toISOString());
    const rest = await json(await f.call('GET', `/redemptions/attempts?merchantRef=${encodeURIComponent(merchant)}&limit=4&before=${page.nextBefore}`));
    expect(rest.attempts.map((a: Body) => [a.result, a.code])).toEqual([
      ['already_redeemed', v!.code],
      ['redeemed', v!.code],
    ]);
    expect(rest.nextBefore).toBeNull();
    expect((await json(await f.call('GET', `/redemptions/attempts?merchantRef=${encodeURIComponent(merchantName())}`))).attempts).toEqual([]);
    const bad = await f.call('GET', `/redemptions/attempts?merchantRef=${encodeURIComponent(merchant)}&limit=0`);
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors[0].field).toBe('limit');
  });

  it('an offline queue replayed: the same attemptId answers exactly the first answer and redeems nothing more; a code redeemed meanwhile by another till answers already redeemed, with when', async () => {
    const merchant = merchantName();
    const [v, w] = await f.issue(ALICE, 2);
    const queued = (attemptId: string, code: string) => f.call('POST', '/redemptions', { code, dealIds: MERCHANT_DEALS, merchantRef: merchant, channel: 'offline', attemptId });
    const a1 = randomUUID();
    const a2 = randomUUID();
    const a3 = randomUUID();
    // Another till redeems w before the queue arrives.
    const tillAt = f.clock.now.toISOString();
    expect((await f.call('POST', '/redemptions', { code: w!.code, dealIds: MERCHANT_DEALS, merchantRef: merchant })).status).toBe(200);
    later(3 * 60 * MINUTE);
    const first = [await queued(a1, v!.code), await queued(a2, w!.code), await queued(a3, 'ABCDEF-ABCDEF-ABCDEF')];
    const firstTexts = await Promise.all(first.map((r) => r.text()));
    expect(first.map((r) => r.status)).toEqual([200, 409, 404]);
    expect(JSON.parse(firstTexts[1]!)).toMatchObject({ code: 'VOUCHER_NOT_REDEEMABLE', reason: 'already_redeemed', redeemedAt: tillAt, detail: 'This voucher was redeemed on 20 November 2026.' });
    // The redemption is undone meanwhile: a replay must not redeem it again.
    expect((await f.call('POST', `/redemptions/${v!.id}/undo`, { dealIds: MERCHANT_DEALS, merchantRef: merchant })).status).toBe(200);
    later(MINUTE);
    const again = [await queued(a1, v!.code), await queued(a2, w!.code), await queued(a3, 'ABCDEF-ABCDEF-ABCDEF')];
    expect(again.map((r) => r.status)).toEqual([200, 409, 404]);
    expect(await Promise.all(again.map((r) => r.text()))).toEqual(firstTexts);
    expect((await eventsOf(v!.id)).map((e) => e[0])).toEqual(['issue', 'redeem', 'unredeem']);
    const statuses = (await sql<{ status: string }>`select status from vouchers.voucher where id = ${v!.id}`.execute(f.database.db)).rows;
    expect(statuses).toEqual([{ status: 'Ready to Redeem' }]);
    // The same id from another business is that business's own attempt.
    const elsewhere = await f.call('POST', '/redemptions', { code: v!.code, dealIds: [8], merchantRef: merchantName(), attemptId: a1 });
    expect(elsewhere.status).toBe(404);
    const logged = (await sql<{ n: number }>`select count(*)::int as n from vouchers.redemption_attempt where merchant_ref = ${merchant} and channel = 'offline'`.execute(f.database.db)).rows;
    expect(logged).toEqual([{ n: 3 }]);
  });

  it.runIf(name === 'postgres')('an offline attempt sent 8 times at once: one redemption, eight identical answers', async () => {
    const [v] = await f.issue(ALICE, 1);
    const attemptId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => redeem({ code: v!.code, attemptId, channel: 'offline' })));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(await Promise.all(answers.map((r) => r.text()))).size).toBe(1);
    expect((await eventsOf(v!.id)).map((e) => e[0])).toEqual(['issue', 'redeem']);
  });

  it.runIf(name === 'postgres')('8 undos of one redemption at once: exactly one 200', async () => {
    const [v] = await f.issue(ALICE, 1);
    expect((await redeem({ code: v!.code })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 8 }, () => undo(v!.id)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect((await eventsOf(v!.id)).map((e) => e[0])).toEqual(['issue', 'redeem', 'unredeem']);
  });

  it.runIf(name === 'postgres')('a file and 32 tills at the same moment on the same codes, and the same file twice at once: each voucher redeemed once', async () => {
    const vouchers = await f.issue(ALICE, 200);
    const codes = vouchers.map((v) => v.code);
    const file = () => f.call('POST', '/redemptions/bulk', { dealIds: MERCHANT_DEALS, merchantRef: ME, codes });
    const [one, two, ...tills] = await Promise.all([file(), file(), ...codes.slice(0, 32).map((code) => redeem({ code }))]);
    const redeemedByFiles = (await json(one!)).summary.redeemed + (await json(two!)).summary.redeemed;
    const redeemedByTills = tills.filter((r) => r.status === 200).length;
    expect(redeemedByFiles + redeemedByTills).toBe(200);
    const events = (await sql<{ n: number; vouchers: number }>`select count(*)::int as n, count(distinct e.voucher_id)::int as vouchers from vouchers.voucher_event e join vouchers.voucher v on v.id = e.voucher_id where v.customer_token = ${ALICE} and e.event = 'redeem'`.execute(f.database.db)).rows;
    expect(events).toEqual([{ n: 200, vouchers: 200 }]);
  });

  it('a file of 10,000 codes with mixed results: every line answered in order, each redeemable voucher redeemed once with one event', async () => {
    const merchant = merchantName();
    const issueMany = async (n: number, options: Parameters<typeof f.issue>[2] = {}) => {
      const out: VoucherRow[] = [];
      for (let left = n; left > 0; left -= 2_000) out.push(...(await f.issue(ALICE, Math.min(2_000, left), options)));
      return out;
    };
    const valid = await issueMany(6_000);
    const used = await issueMany(500);
    const expired = await issueMany(500, { expiresAt: new Date(f.clock.now.getTime() + DAY) });
    const theirs = await issueMany(500, { dealId: 8 });
    const unknown = Array.from({ length: 500 }, () => generateVoucherCode());
    // Redeemed earlier by a till (one file of their own).
    const before = await f.call('POST', '/redemptions/bulk', { dealIds: MERCHANT_DEALS, merchantRef: merchant, codes: used.map((v) => v.code) });
    expect((await json(before)).summary).toEqual({ redeemed: 500, alreadyRedeemed: 0, notRedeemable: 0, notFound: 0 });
    later(2 * DAY);
    const usedAt = new Date(f.clock.now.getTime() - 2 * DAY).toISOString();

    // Lines: each code once, mixed, then 2,000 repeats (valid, unknown, expired), some in lower case with spaces.
    const lines: string[] = [];
    const kinds: string[] = [];
    const add = (codes: string[], kind: string) => codes.forEach((c) => (lines.push(c), kinds.push(kind)));
    const interleaved = [...valid.map((v) => [v.code, 'valid']), ...used.map((v) => [v.code, 'used']), ...expired.map((v) => [v.code, 'expired']), ...theirs.map((v) => [v.code, 'theirs']), ...unknown.map((c) => [c, 'unknown'])];
    for (let i = 0; i < interleaved.length; i++) {
      const [code, kind] = interleaved[(i * 7919) % interleaved.length]!;
      add([code!], kind!);
    }
    expect(new Set(lines).size).toBe(8_000);
    const firstLine = new Map(lines.map((c, i) => [c, i + 1] as const).reverse());
    add(valid.slice(0, 1_500).map((v) => ` ${v.code.toLowerCase()} `), 'repeat-valid');
    add(unknown.slice(0, 300), 'repeat-unknown');
    add(expired.slice(0, 200).map((v) => v.code), 'repeat-expired');
    expect(lines).toHaveLength(10_000);

    const started = performance.now();
    const res = await f.call('POST', '/redemptions/bulk', { dealIds: MERCHANT_DEALS, merchantRef: merchant, actorRef: 'user:41', codes: lines });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    const answer = await json(res);
    expect(answer.results).toHaveLength(10_000);
    expect(answer.summary).toEqual({ redeemed: 6_000, alreadyRedeemed: 500 + 1_500, notRedeemable: 500 + 200, notFound: 1_000 + 300 });
    const expectFor: Record<string, string> = { valid: 'redeemed', used: 'already_redeemed', expired: 'not_redeemable', theirs: 'not_found', unknown: 'not_found', 'repeat-valid': 'already_redeemed', 'repeat-unknown': 'not_found', 'repeat-expired': 'not_redeemable' };
    answer.results.forEach((r: Body, i: number) => {
      expect(r.line).toBe(i + 1);
      expect(r.code).toBe(lines[i]!.trim());
      expect(r.result).toBe(expectFor[kinds[i]!]);
      if (kinds[i] === 'used') expect(r).toMatchObject({ redeemedAt: usedAt, message: 'This voucher was redeemed on 20 November 2026.' });
      if (kinds[i] === 'expired') expect(r.message).toBe('This voucher expired on 21 November 2026.');
      if (kinds[i] === 'theirs' || kinds[i] === 'unknown') expect(r).toEqual({ line: i + 1, code: lines[i], result: 'not_found', message: 'Sorry, we could not find that voucher code.' });
      if (kinds[i]!.startsWith('repeat')) expect(r.duplicateOfLine).toBe(firstLine.get(kinds[i] === 'repeat-valid' ? lines[i]!.trim().toUpperCase() : lines[i]!));
      if (kinds[i] === 'repeat-valid') expect(r.message).toBe(`Already redeemed (line ${r.duplicateOfLine}).`);
    });
    // Each valid voucher redeemed once, with one event; nothing else moved.
    const counts = (
      await sql<{ status: string; n: number; events: number }>`
        select v.status, count(*)::int as n, sum((select count(*) from vouchers.voucher_event e where e.voucher_id = v.id and e.event = 'redeem'))::int as events
        from vouchers.voucher v where v.customer_token = ${ALICE} group by v.status order by v.status`.execute(f.database.db)
    ).rows;
    expect(counts).toEqual([
      { status: 'Ready to Redeem', n: 1_000, events: 0 },
      { status: 'Redeemed', n: 6_500, events: 6_500 },
    ]);
    // This merchant's attempts: the earlier file's 500 and the 10,000 lines.
    const attempts = (await sql<{ result: string; n: number }>`select result, count(*)::int as n from vouchers.redemption_attempt where merchant_ref = ${merchant} and channel = 'csv' group by result order by result`.execute(f.database.db)).rows;
    expect(attempts).toEqual([
      { result: 'already_redeemed', n: 500 + 1_500 },
      { result: 'not_found', n: 1_300 },
      { result: 'not_redeemable', n: 700 },
      { result: 'redeemed', n: 6_500 },
    ]);
    if (name === 'postgres') expect(elapsed).toBeLessThan(10_000);
  }, 120_000);

  it('a file: line numbers as given, the same code in any case decided once; over 10,000 codes or lines that do not match are a 400 naming the field', async () => {
    const [v] = await f.issue(ALICE, 1);
    const res = await f.call('POST', '/redemptions/bulk', { dealIds: MERCHANT_DEALS, merchantRef: ME, codes: [v!.code.toLowerCase(), v!.code, ''], lines: [2, 5, 9] });
    expect((await json(res)).results).toEqual([
      { line: 2, code: v!.code.toLowerCase(), result: 'redeemed', message: 'Redeemed.', voucherId: v!.id, redeemedAt: f.clock.now.toISOString() },
      { line: 5, code: v!.code, result: 'already_redeemed', message: 'Already redeemed (line 2).', voucherId: v!.id, redeemedAt: f.clock.now.toISOString(), duplicateOfLine: 2 },
      { line: 9, code: '', result: 'not_found', message: 'Sorry, we could not find that voucher code.' },
    ]);
    const tooMany = await f.call('POST', '/redemptions/bulk', { dealIds: MERCHANT_DEALS, merchantRef: ME, codes: Array(10_001).fill('A') });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).errors[0].field).toBe('codes');
    const mismatch = await f.call('POST', '/redemptions/bulk', { dealIds: MERCHANT_DEALS, merchantRef: ME, codes: ['A', 'B'], lines: [1] });
    expect(mismatch.status).toBe(400);
    expect((await json(mismatch)).errors[0].field).toBe('lines');
  });
});
