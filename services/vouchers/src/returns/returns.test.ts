/**
 * Returns of posted goods (issue 16 point 6), every call on PGlite and PostgreSQL with the real
 * vouchers and wallet modules: create-return-order moves the voucher and writes the return in one
 * transaction, once per voucher (concurrent requests make one); only goods; the label's data and
 * its PDF (parsed: the tracking reference in text and in its QR code); the carrier's and the
 * merchant's steps, in order, replays answered; the refund of what was paid when the goods are
 * back (card first, then the wallet part; the ledger balanced), and the job that makes it after a
 * crash between the two steps; another shopper's return is a not-found identical to a random id.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import jsQRModule from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { ledgerViolations, walletBalances } from '@shop/wallet';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { vouchersFixture } from '../test/fixture.ts';
import { refundReturns } from './returns.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const jsQR = jsQRModule.default;
const GOODS = { deliveryType: 'postal', merchant: { name: 'Highland Knitwear Ltd', address: '4 Mill Lane, Hawick', postcode: 'td9 7aa' } };

/** The PDF's first page text, and its one image decoded as a QR code. */
async function readLabel(bytes: Uint8Array): Promise<{ text: string; qr: string | null }> {
  const loading = getDocument({ data: bytes, isOffscreenCanvasSupported: false, disableFontFace: true, useSystemFonts: false });
  const page = await (await loading.promise).getPage(1);
  const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
  const ops = await page.getOperatorList();
  let qr: string | null = null;
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
    const image = await new Promise<{ width: number; height: number; data: Uint8Array; kind: number }>((resolve) => page.objs.get(ops.argsArray[i][0] as string, resolve));
    const pixels = image.width * image.height;
    const rgba = new Uint8ClampedArray(pixels * 4);
    for (let p = 0; p < pixels; p++) {
      const [r, g, b] =
        image.kind === 3 ? [image.data[p * 4]!, image.data[p * 4 + 1]!, image.data[p * 4 + 2]!]
        : image.kind === 2 ? [image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!]
        : Array(3).fill((image.data[(p / 8) | 0]! >> (7 - (p % 8))) & 1 ? 255 : 0);
      rgba.set([r, g, b, 255], p * 4);
    }
    qr = jsQR(rgba, image.width, image.height)?.data ?? null;
  }
  await loading.destroy();
  return { text, qr };
}

describe.each(testDatabases())('returns of posted goods on %s', (_name, open) => {
  const f = suiteFixture(
    () => vouchersFixture(open),
    async (fixture) => {
      expect(await ledgerViolations(fixture.database.db)).toEqual([]);
      await fixture.close();
    },
  );
  let ALICE = '';
  let BOB = '';
  beforeEach(() => {
    ALICE = `ct-alice-${randomUUID()}`;
    BOB = `ct-bob-${randomUUID()}`;
  });
  const json = async (res: Response): Promise<Body> => (await res.json()) as Body;
  const create = (voucherId: string, more: Record<string, unknown> = {}, customerToken = ALICE) =>
    f.call('POST', '/create-return-order', { voucherId, customerToken, reason: 'damaged', note: 'The sleeve is torn.', deal: GOODS, ...more });
  const label = (query: Record<string, string>, customerToken = ALICE) => f.call('GET', `/v1/returns/returns-label?${new URLSearchParams({ customerToken, ...query })}`);
  const pdf = (query: Record<string, string>, customerToken = ALICE) => f.call('GET', `/v1/returns/pdf?${new URLSearchParams({ customerToken, ...query })}`);
  const event = (returnId: string, name: string) => f.call('POST', `/v1/returns/${returnId}/events`, { event: name, actorRef: name === 'received' ? 'merchant:7' : 'depot:hawick' });
  const statusOf = async (voucherId: string) => (await sql<{ status: string }>`select status from vouchers.voucher where id = ${voucherId}`.execute(f.database.db)).rows[0]!.status;

  it('create-return-order: Return Requested with the return in one go, the merchant’s address and a tracking reference; asking again answers the same return', async () => {
    const [v] = await f.issue(ALICE, 1);
    const res = await create(v!.id);
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.voucher).toMatchObject({ id: v!.id, status: 'Return Requested', statusCode: 'RETURN_REQUESTED' });
    expect(body.return).toMatchObject({
      voucherId: v!.id,
      reason: 'damaged',
      note: 'The sleeve is torn.',
      status: 'Return Requested',
      to: { name: 'Highland Knitwear Ltd', address: '4 Mill Lane, Hawick', postcode: 'TD9 7AA' },
      from: { orderNumber: v!.order_number, voucherCode: v!.code },
      refund: null,
    });
    expect(body.return.trackingNumber).toMatch(/^TDR-\d{4}-\d{4}-\d{4}$/);
    expect(body.return.steps).toEqual([
      { status: 'Return Requested', at: f.clock.now.toISOString() },
      { status: 'Return in Transit', at: null },
      { status: 'Returned to the Merchant', at: null },
      { status: 'Refunded', at: null },
    ]);
    const again = await create(v!.id, { reason: 'changed_mind' });
    expect(again.status).toBe(200);
    expect((await json(again)).return).toMatchObject({ id: body.return.id, trackingNumber: body.return.trackingNumber, reason: 'damaged' });
    const history = (await json(await f.call('GET', `/voucher/${v!.id}?customerToken=${ALICE}`))).history as Body[];
    expect(history.map((e) => [e.event, e.toStatus, e.actor])).toEqual([
      ['issue', 'Ready to Redeem', 'system'],
      ['requestReturn', 'Return Requested', 'shopper'],
    ]);
    expect(history[1]!.reason).toBe('Return requested: Damaged or faulty');
  });

  it('8 concurrent requests for one voucher make one return and one event', async () => {
    const [v] = await f.issue(ALICE, 1);
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(v!.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (a) => (await json(a)).return.id)));
    expect(ids.size).toBe(1);
    const counted = await sql<{ returns: number; events: number }>`
      select (select count(*)::int from vouchers.return_order where voucher_id = ${v!.id}) as returns,
             (select count(*)::int from vouchers.voucher_event where voucher_id = ${v!.id} and event = 'requestReturn') as events`.execute(f.database.db);
    expect(counted.rows[0]).toEqual({ returns: 1, events: 1 });
  });

  it('only goods sent by post, only Ready to Redeem: 409 VOUCHER_NOT_RETURNABLE, nothing moves', async () => {
    const [spa, redeemed] = await f.issue(ALICE, 2);
    const notGoods = await create(spa!.id, { deal: { ...GOODS, deliveryType: 'voucher' } });
    expect(notGoods.status).toBe(409);
    expect(await json(notGoods)).toMatchObject({ code: 'VOUCHER_NOT_RETURNABLE', detail: `${ERROR_MESSAGES.VOUCHER_NOT_RETURNABLE} It is not for goods sent by post.` });
    expect(await statusOf(spa!.id)).toBe('Ready to Redeem');
    await f.call('POST', '/redemptions', { code: redeemed!.code, dealIds: [7], merchantRef: 'merchant:7' });
    const used = await create(redeemed!.id);
    expect(used.status).toBe(409);
    expect((await json(used)).detail).toBe(`${ERROR_MESSAGES.VOUCHER_NOT_RETURNABLE} Its status is Redeemed.`);
    const rows = await sql<{ n: number }>`select count(*)::int as n from vouchers.return_order where voucher_id in (${spa!.id}, ${redeemed!.id})`.execute(f.database.db);
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('bad input names the field', async () => {
    const [v] = await f.issue(ALICE, 1);
    const reason = await create(v!.id, { reason: 'bored' });
    expect(reason.status).toBe(400);
    expect((await json(reason)).errors.map((e: Body) => e.field)).toContain('reason');
    const note = await create(v!.id, { note: 'x'.repeat(501) });
    expect((await json(note)).errors).toEqual([expect.objectContaining({ field: 'note', message: 'A note is at most 500 characters.' })]);
    const both = await label({ returnId: randomUUID(), voucherId: v!.id });
    expect(both.status).toBe(400);
    expect((await json(both)).errors).toEqual([expect.objectContaining({ field: 'returnId' })]);
    const step = await event(randomUUID(), 'lost');
    expect(step.status).toBe(400);
    expect((await json(step)).errors.map((e: Body) => e.field)).toContain('event');
    expect(await statusOf(v!.id)).toBe('Ready to Redeem');
  });

  it('Z: another shopper’s voucher and return are a 404 identical to a random id', async () => {
    const [v] = await f.issue(ALICE, 1);
    const made = await json(await create(v!.id));
    const theirs = await create(v!.id, {}, BOB);
    const random = await create(randomUUID(), {}, BOB);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe(await random.text());
    for (const call of [label, pdf]) {
      for (const key of ['returnId', 'voucherId'] as const) {
        const other = await call({ [key]: key === 'returnId' ? (made.return.id as string) : v!.id }, BOB);
        const unknown = await call({ [key]: randomUUID() }, BOB);
        expect(other.status).toBe(404);
        expect(await other.text()).toBe(await unknown.text());
      }
    }
    expect((await json(await label({ returnId: made.return.id }))).return.id).toBe(made.return.id);
  });

  it('the label: its data by return or voucher id, and a PDF with the address and the tracking reference in text and QR code', async () => {
    const [v] = await f.issue(ALICE, 1);
    const made = await json(await create(v!.id));
    const byVoucher = await json(await label({ voucherId: v!.id }));
    expect(byVoucher).toEqual(await json(await label({ returnId: made.return.id })));
    expect(byVoucher.return.carrier).toBe('Thistle Deals Returns (tracked)');
    const res = await pdf({ returnId: made.return.id });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="returns-label-${made.return.trackingNumber}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { text, qr } = await readLabel(bytes);
    for (const words of ['RETURNS', made.return.trackingNumber, 'Highland Knitwear Ltd', '4 Mill Lane, Hawick', 'TD9 7AA', v!.code, 'Damaged or faulty (The sleeve is torn.)']) expect(text).toContain(words);
    expect(qr).toBe(made.return.trackingNumber);
  });

  it('shipped, then received: Return in Transit, Returned to the Merchant, then Refunded with what was paid, card first then wallet; replays answered, steps out of order refused', async () => {
    const [v] = await f.issue(ALICE, 1, { price: 3000, wallet: 1000 });
    const made = await json(await create(v!.id));
    const id = made.return.id as string;

    const early = await event(id, 'received');
    expect(early.status).toBe(409);
    expect(await json(early)).toMatchObject({ code: 'VOUCHER_NOT_RETURNABLE', detail: 'This return cannot be marked received: its status is Return Requested.' });

    f.clock.now = new Date(f.clock.now.getTime() + 86_400_000);
    const shipped = await event(id, 'shipped');
    expect(shipped.status).toBe(200);
    expect((await json(shipped)).return.status).toBe('Return in Transit');
    expect((await event(id, 'shipped')).status).toBe(200);

    f.clock.now = new Date(f.clock.now.getTime() + 2 * 86_400_000);
    const received = await json(await event(id, 'received'));
    expect(received.voucher.status).toBe('Refunded');
    // £30 paid: £20 by card (no provider in this fixture: it waits as requested for the job), £10 back to the wallet.
    expect(received.return.refund).toMatchObject({ state: 'requested', cashAmount: { amount: 2000 }, walletAmount: { amount: 1000 } });
    expect(received.return.steps.map((s: Body) => [s.status, s.at !== null])).toEqual([
      ['Return Requested', true],
      ['Return in Transit', true],
      ['Returned to the Merchant', true],
      ['Refunded', true],
    ]);
    expect((await walletBalances(f.database.db, ALICE)).find((b) => b.currency === 'GBP')?.balance).toBe(1000);
    const paid = await sql<Body>`select cash_refunded, wallet_refunded from vouchers.order_payment where order_id = ${v!.order_id}`.execute(f.database.db);
    expect(paid.rows[0]).toEqual({ cash_refunded: 2000, wallet_refunded: 1000 });

    // The merchant's system sends it again: the same answer, still one refund.
    const again = await event(id, 'received');
    expect(again.status).toBe(200);
    expect((await json(again)).return.refund.id).toBe(received.return.refund.id);
    const refunds = await sql<{ n: number }>`select count(*)::int as n from vouchers.refund where voucher_id = ${v!.id}`.execute(f.database.db);
    expect(refunds.rows[0]!.n).toBe(1);
    expect((await event(id, 'shipped')).status).toBe(200);

    const history = (await json(await f.call('GET', `/voucher/${v!.id}?customerToken=${ALICE}`))).history as Body[];
    expect(history.map((e) => [e.event, e.toStatus, e.actor])).toEqual([
      ['issue', 'Ready to Redeem', 'system'],
      ['requestReturn', 'Return Requested', 'shopper'],
      ['shipReturn', 'Return in Transit', 'system'],
      ['receiveReturn', 'Returned to the Merchant', 'merchant'],
      ['refundReturn', 'Refunded', 'system'],
    ]);
    expect((await event(randomUUID(), 'shipped')).status).toBe(404);
  });

  it('a crash between the merchant’s receipt and the refund: the job makes the refund, once', async () => {
    const [v] = await f.issue(ALICE, 1);
    const made = await json(await create(v!.id));
    await event(made.return.id, 'shipped');
    // The receipt committed, the refund not made (the process died in between).
    await f.database.db.transaction().execute((trx) => moveVouchers(trx, { id: v!.id }, { event: 'receiveReturn', actor: 'merchant', reason: 'The merchant received the returned goods', at: f.clock.now }));
    expect(await statusOf(v!.id)).toBe('Returned to the Merchant');
    expect(await refundReturns(f.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(v!.id)).toBe('Refunded');
    expect(await refundReturns(f.app.deps)).toBe(0);
    const after = await json(await label({ returnId: made.return.id }));
    expect(after.return.refund).toMatchObject({ cashAmount: { amount: 2500 }, walletAmount: { amount: 0 } });
  });

  it('the voucher’s holder changed after the return was made (a gift claimed): the label, the PDF and the events still answer, and the refund is made', async () => {
    const [v] = await f.issue(ALICE, 1);
    const made = await json(await create(v!.id));
    const id = made.return.id as string;
    // As a claimed gift would: the voucher is someone else's now; the return stays Alice's.
    await sql`update vouchers.voucher set customer_token = ${BOB} where id = ${v!.id}`.execute(f.database.db);

    const early = await event(id, 'received');
    expect(early.status).toBe(409);
    expect((await json(early)).detail).toBe('This return cannot be marked received: its status is Return Requested.');
    const labelled = await label({ returnId: id });
    expect(labelled.status).toBe(200);
    expect((await json(labelled)).return).toMatchObject({ id, status: 'Return Requested' });
    const printed = await pdf({ voucherId: v!.id });
    expect(printed.status).toBe(200);
    expect(printed.headers.get('content-type')).toBe('application/pdf');

    expect((await event(id, 'shipped')).status).toBe(200);
    expect((await event(id, 'shipped')).status).toBe(200);
    const received = await event(id, 'received');
    expect(received.status).toBe(200);
    const body = await json(received);
    expect(body.voucher.status).toBe('Refunded');
    expect(body.return.refund).toMatchObject({ state: 'requested', cashAmount: { amount: 2500 } });
    expect(await statusOf(v!.id)).toBe('Refunded');
    expect((await event(id, 'received')).status).toBe(200);
    // Nothing left for the job.
    expect(await refundReturns(f.app.deps)).toBe(0);
  });

  it('the job: a return whose refund fails is logged and tried later, behind the others, and does not stop their refunds', async () => {
    const back = async () => {
      const [v] = await f.issue(ALICE, 1);
      const made = await json(await create(v!.id));
      await event(made.return.id, 'shipped');
      // The receipt committed, the refund not made (the process died in between).
      await f.database.db.transaction().execute((trx) => moveVouchers(trx, { id: v!.id }, { event: 'receiveReturn', actor: 'merchant', reason: 'The merchant received the returned goods', at: f.clock.now }));
      return { v: v!, id: made.return.id as string };
    };
    const later = () => (f.clock.now = new Date(f.clock.now.getTime() + 60_000));
    // Older than anything else waiting, so the job meets it first.
    f.clock.now = new Date('2026-01-01T10:00:00Z');
    const broken = await back();
    await sql`delete from vouchers.order_payment where order_id = ${broken.v.order_id}`.execute(f.database.db);
    later();
    const fine = await back();
    later();

    const logged: { message: string; fields: Record<string, unknown> }[] = [];
    const deps = { ...f.app.deps, log: (message: string, fields: Record<string, unknown>) => void logged.push({ message, fields }) };
    const FAILED = '[vouchers] refund of returned goods failed; retried later';
    // One at a time: the broken one (the oldest) fails and goes behind the others, so the next run
    // reaches the other one instead of picking the broken one forever.
    expect(await refundReturns(deps, 1)).toBe(0);
    expect(logged).toEqual([{ message: FAILED, fields: { returnId: broken.id, error: expect.stringContaining('no payment recorded') } }]);
    expect(await statusOf(fine.v.id)).toBe('Returned to the Merchant');
    expect(await refundReturns(deps, 1)).toBe(1);
    expect(await statusOf(fine.v.id)).toBe('Refunded');

    // All at once: the broken one fails again, first, and the batch goes on to the rest.
    f.clock.now = new Date('2025-12-01T10:00:00Z');
    const older = await back();
    await sql`delete from vouchers.order_payment where order_id = ${older.v.order_id}`.execute(f.database.db);
    f.clock.now = new Date('2026-01-01T11:00:00Z');
    const next = await back();
    expect(await refundReturns(deps)).toBe(1);
    expect(await statusOf(next.v.id)).toBe('Refunded');
    expect(await statusOf(broken.v.id)).toBe('Returned to the Merchant');
    expect(await statusOf(older.v.id)).toBe('Returned to the Merchant');
    expect(logged.filter((l) => l.message === FAILED).map((l) => l.fields.returnId)).toEqual([broken.id, older.id, broken.id]);

    // The merchant's receipt by the route: answered (the step is kept), the refund left to the job, logged.
    const [v] = await f.issue(ALICE, 1);
    const made = await json(await create(v!.id));
    await event(made.return.id, 'shipped');
    await sql`delete from vouchers.order_payment where order_id = ${v!.order_id}`.execute(f.database.db);
    const received = await event(made.return.id, 'received');
    expect(received.status).toBe(200);
    expect(await json(received)).toMatchObject({ voucher: { status: 'Returned to the Merchant' }, return: { refund: null } });
    expect(f.logged).toContainEqual({ message: FAILED, fields: { returnId: made.return.id, error: expect.stringContaining('no payment recorded') } });
  });
});
