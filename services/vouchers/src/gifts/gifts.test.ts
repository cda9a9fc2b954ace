/**
 * Gifts (issue 16 point 8), on PGlite and PostgreSQL with the real vouchers module: an order's
 * e-gifts made in the paying transaction (createOrderGifts) and a holder's gift from My Vouchers
 * (POST /gift/create, its mail through the Mailer, never the price or the code); the preview before
 * claiming (no price, no voucher id); the claim moves the vouchers' holder once with a claim
 * event, the status unchanged; a second claim, the giver's own claim and another shopper's claim
 * after it are refused (the last the same 404 as a random token: reliability Z); of two claims at
 * once exactly one wins (PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '@shop/platform';
import { SERVICE_TOKEN_HEADER } from '@shop/platform';
import { TEST_TOKEN } from '@shop/platform/test-app';
import { lintOpenApi } from '@shop/platform/openapi-lint';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { createVouchersApp } from '../app.ts';
import { vouchersFixture } from '../test/fixture.ts';
import { createOrderGifts, deliverGiftMail, giftClaimLink } from './gifts.ts';
import { GIFT_MESSAGES } from './gifts.contract.ts';
import { isReceivedGift, newGiftToken, receivedGiftSql } from './gifts.store.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';
import { sql } from 'kysely';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

describe.each(testDatabases())('gifts on %s', (name, open) => {
  const f = suiteFixture(() => vouchersFixture(open), (fixture) => fixture.close());
  let GIVER = '';
  let RECIPIENT = '';
  let OTHER = '';
  const sent: MailMessage[] = [];
  let failMail = false;
  const mailer = {
    send: async (m: MailMessage) => {
      if (failMail) throw new Error('relay down');
      sent.push(m);
    },
    forgetRecipient: async () => 0,
  } as Mailer;
  beforeEach(() => {
    GIVER = `ct-giver-${randomUUID()}`;
    RECIPIENT = `ct-recipient-${randomUUID()}`;
    OTHER = `ct-other-${randomUUID()}`;
    sent.length = 0;
    failMail = false;
  });
  // The fixture's app has no Mailer; this one shares its database and clock.
  const app = () => createVouchersApp({ db: f.database.db, serviceToken: TEST_TOKEN, now: () => f.clock.now, publicBaseUrl: 'https://shop.example', mailer });
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }> => {
    const res = await app().request(path, {
      method,
      headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const preview = (claim: string, customerToken?: string) => call('GET', `/gift/claim?${new URLSearchParams({ claim, ...(customerToken ? { customerToken } : {}) })}`);
  const redeem = (claim: string, customerToken: string, claimantName = 'Rhona') => call('POST', '/deal/gift-redeem', { claim, customerToken, claimantName });
  const holderOf = async (voucherId: string) => (await f.database.db.selectFrom('vouchers.voucher' as never).select('customer_token' as never).where('id' as never, '=', voucherId as never).executeTakeFirst()) as { customer_token: string | null } | undefined;
  const history = async (voucherId: string, holder: string) => ((await call('GET', `/voucher/${voucherId}?customerToken=${holder}`)).body.history as Body[]).map((e) => [e.event, e.fromStatus, e.toStatus]);
  const orderGift = async (giver: string | null, quantity = 2) => {
    const vouchers = await f.issue(giver, quantity);
    const [made] = await f.database.db.transaction().execute((trx) =>
      createOrderGifts(trx, {
        orderId: vouchers[0]!.order_id,
        giverToken: giver,
        giverName: 'Morag',
        at: f.clock.now,
        recipients: [{ name: 'Rhona', email: 'rhona@example.co.uk', message: 'Happy birthday!', voucherIds: vouchers.map((v) => v.id) }],
      }),
    );
    return { vouchers, token: made!.token };
  };

  it("an order's e-gift: previewed without price, code or id; claimed once, the vouchers the claimant's with a claim event, the giver told who and when", async () => {
    const { vouchers, token } = await orderGift(GIVER);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(giftClaimLink('https://shop.example/', token)).toBe(`https://shop.example/mygift?claim=${token}`);
    // Only the hash is stored.
    const stored = await f.database.db.selectFrom('vouchers.gift' as never).selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const look = await preview(token);
    expect(look.status).toBe(200);
    expect(look.body).toMatchObject({ giverName: 'Morag', recipientName: 'Rhona', message: 'Happy birthday!', claimed: false, claimedAt: null });
    expect(look.body.vouchers).toHaveLength(2);
    expect(look.body.vouchers[0]).toMatchObject({ id: null, title: 'Spa day for two', dealId: 7, statusCode: 'READY_TO_REDEEM' });
    const text = JSON.stringify(look.body);
    expect(text).not.toMatch(/"price"|"paid"|2500|"code"/);
    for (const v of vouchers) expect(text).not.toContain(v.code);

    const claimed = await redeem(token, RECIPIENT, 'Rhona Campbell');
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.claimed).toBe(true);
    expect(claimed.body.vouchers.map((v: Body) => v.id).sort()).toEqual(vouchers.map((v) => v.id).sort());
    for (const v of vouchers) expect((await holderOf(v.id))?.customer_token).toBe(RECIPIENT);
    expect(await history(vouchers[0]!.id, RECIPIENT)).toEqual([
      ['issue', null, 'Ready to Redeem'],
      ['gift', 'Ready to Redeem', 'Ready to Redeem'],
      ['claim', 'Ready to Redeem', 'Ready to Redeem'],
    ]);
    // In the recipient's My Vouchers; no longer in the giver's.
    expect((await call('GET', `/voucher/feeds/voucher?customerToken=${RECIPIENT}`)).body.totalCount).toBe(2);
    expect((await call('GET', `/voucher/feeds/voucher?customerToken=${GIVER}`)).body.totalCount).toBe(0);
    expect((await call('GET', `/voucher/${vouchers[0]!.id}?customerToken=${GIVER}`)).status).toBe(404);
    // The giver sees it was claimed, by whom and when.
    const mine = (await call('GET', `/gift/sent?customerToken=${GIVER}`)).body.gifts as Body[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ recipientName: 'Rhona', claimedByName: 'Rhona Campbell', claimedAt: f.clock.now.toISOString() });
    expect(mine[0]!.vouchers).toHaveLength(2);

    // The claimant still sees it, claimed, with the ids; a second claim is a clear 409.
    expect((await preview(token, RECIPIENT)).body).toMatchObject({ claimed: true, claimedAt: f.clock.now.toISOString() });
    const again = await redeem(token, RECIPIENT);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'GIFT_ALREADY_CLAIMED', detail: GIFT_MESSAGES.alreadyClaimed, errors: [{ field: 'claim', message: GIFT_MESSAGES.alreadyClaimed }] });
  });

  it('Z: another shopper claiming or looking at a claimed gift gets exactly the 404 of a random token; nothing moves', async () => {
    const { vouchers, token } = await orderGift(GIVER, 1);
    expect((await redeem(token, RECIPIENT)).status).toBe(200);
    const random = newGiftToken();
    const [byOther, ofRandom, lookOther, lookRandom, lookSignedOut] = await Promise.all([redeem(token, OTHER), redeem(random, OTHER), preview(token, OTHER), preview(random, OTHER), preview(token)]);
    expect(byOther.status).toBe(404);
    expect(byOther.body).toEqual(ofRandom.body);
    expect(byOther.body.detail).toBe(GIFT_MESSAGES.notFound);
    expect(lookOther.status).toBe(404);
    expect(lookOther.body).toEqual(lookRandom.body);
    expect(lookSignedOut.body).toEqual(lookRandom.body);
    expect((await holderOf(vouchers[0]!.id))?.customer_token).toBe(RECIPIENT);
  });

  it("the giver cannot claim their own gift; a guest's order gift is claimable by anyone with the link", async () => {
    const { token } = await orderGift(GIVER, 1);
    const own = await redeem(token, GIVER);
    expect(own.status).toBe(409);
    expect(own.body).toMatchObject({ code: 'OWN_GIFT', detail: GIFT_MESSAGES.ownGift });
    const guest = await orderGift(null, 1);
    expect((await redeem(guest.token, RECIPIENT)).status).toBe(200);
    expect((await holderOf(guest.vouchers[0]!.id))?.customer_token).toBe(RECIPIENT);
  });

  it('bad input names the field', async () => {
    const bad = await call('POST', '/deal/gift-redeem', { claim: 'not-a-token', customerToken: RECIPIENT, claimantName: 'Rhona' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'claim', message: expect.stringContaining('claim=') }]);
    const noEmail = await call('POST', '/gift/create', { customerToken: GIVER, voucherId: randomUUID(), giverName: 'Morag', recipient: { name: 'Rhona', email: 'nope' } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.errors.map((e: Body) => e.field)).toEqual(['recipient.email']);
  });

  it("a holder gifts a voucher from My Vouchers: the recipient's mail has the claim link, never the price or code; once pending it cannot be gifted again; claimed, it is theirs", async () => {
    const [v] = await f.issue(GIVER, 1, { price: 4999 });
    const created = await call('POST', '/gift/create', { customerToken: GIVER, voucherId: v!.id, giverName: 'Morag', recipient: { name: 'Rhona', email: 'Rhona@Example.co.uk', message: 'Enjoy!' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.gift).toMatchObject({ recipientName: 'Rhona', recipientEmail: 'rhona@example.co.uk', message: 'Enjoy!', claimedAt: null, vouchers: [{ id: v!.id, title: 'Spa day for two' }] });
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail).toMatchObject({ to: 'rhona@example.co.uk', kind: 'gift_claim', subject: 'A gift for you from Morag: Spa day for two' });
    expect(mail.text).toContain('Hello Rhona,');
    expect(mail.text).toContain('"Enjoy!"');
    const token = /\/mygift\?claim=([A-Za-z0-9_-]{32})/.exec(mail.text)![1]!;
    expect(mail.text).toContain(`https://shop.example/mygift?claim=${token}`);
    expect(mail.text).not.toMatch(/£|49\.99|4999/);
    expect(mail.text).not.toContain(v!.code);
    // The link is not kept once the mail was handed over.
    const rows = await f.database.db.selectFrom('vouchers.gift' as never).selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);

    // Still the giver's until claimed; pending, it cannot be sent again.
    expect((await holderOf(v!.id))?.customer_token).toBe(GIVER);
    const twice = await call('POST', '/gift/create', { customerToken: GIVER, voucherId: v!.id, giverName: 'Morag', recipient: { name: 'Iona', email: 'iona@example.co.uk' } });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'VOUCHER_NOT_GIFTABLE', errors: [{ field: 'voucherId', message: GIFT_MESSAGES.notGiftable }] });

    expect((await redeem(token, RECIPIENT)).status).toBe(200);
    expect((await holderOf(v!.id))?.customer_token).toBe(RECIPIENT);
    // The new holder may gift it on; the old giver cannot any more (not theirs: the 404 of a random id).
    const byOld = await call('POST', '/gift/create', { customerToken: GIVER, voucherId: v!.id, giverName: 'Morag', recipient: { name: 'Iona', email: 'iona@example.co.uk' } });
    const ofRandom = await call('POST', '/gift/create', { customerToken: GIVER, voucherId: randomUUID(), giverName: 'Morag', recipient: { name: 'Iona', email: 'iona@example.co.uk' } });
    expect(byOld.status).toBe(404);
    expect(byOld.body).toEqual(ofRandom.body);
    expect((await call('POST', '/gift/create', { customerToken: RECIPIENT, voucherId: v!.id, giverName: 'Rhona', recipient: { name: 'Iona', email: 'iona@example.co.uk' } })).status).toBe(201);
  });

  it('an expired or used voucher cannot be gifted; mail the relay refused is sent by the next call', async () => {
    const [old] = await f.issue(GIVER, 1, { expiresAt: new Date(f.clock.now.getTime() - 1000) });
    expect((await call('POST', '/gift/create', { customerToken: GIVER, voucherId: old!.id, giverName: 'Morag', recipient: { name: 'Rhona', email: 'rhona@example.co.uk' } })).status).toBe(409);
    const [a, b] = await f.issue(GIVER, 2);
    failMail = true;
    expect((await call('POST', '/gift/create', { customerToken: GIVER, voucherId: a!.id, giverName: 'Morag', recipient: { name: 'Rhona', email: 'rhona@example.co.uk' } })).status).toBe(201);
    expect(sent).toHaveLength(0);
    failMail = false;
    expect((await call('POST', '/gift/create', { customerToken: GIVER, voucherId: b!.id, giverName: 'Morag', recipient: { name: 'Iona', email: 'iona@example.co.uk' } })).status).toBe(201);
    expect(sent.map((m) => m.to).sort()).toEqual(['iona@example.co.uk', 'rhona@example.co.uk']);
  });

  it("a gift's mail the relay refused is handed over by the shop's job; the job and a request at once send each mail once", async () => {
    const deps = { db: f.database.db, mailer, now: () => f.clock.now, log: () => {} };
    const [a, b, c] = await f.issue(GIVER, 3);
    failMail = true;
    expect((await call('POST', '/gift/create', { customerToken: GIVER, voucherId: a!.id, giverName: 'Morag', recipient: { name: 'Rhona', email: 'rhona@example.co.uk' } })).status).toBe(201);
    // Refused: not claimed any more, so the next run takes it at once.
    expect(await deliverGiftMail(deps)).toBe(0);
    failMail = false;
    expect(await deliverGiftMail(deps)).toBe(1);
    expect(sent.map((m) => m.to)).toEqual(['rhona@example.co.uk']);
    expect(await deliverGiftMail(deps)).toBe(0);

    // Two gifts' mail waiting, then three senders at once (two jobs and a request making a gift).
    failMail = true;
    for (const [v, email] of [[b!, 'iona@example.co.uk'], [c!, 'eilidh@example.co.uk']] as const) {
      expect((await call('POST', '/gift/create', { customerToken: GIVER, voucherId: v.id, giverName: 'Morag', recipient: { name: 'Friend', email } })).status).toBe(201);
    }
    failMail = false;
    await Promise.all([deliverGiftMail(deps), deliverGiftMail(deps), deliverGiftMail(deps)]);
    expect(sent.map((m) => m.to).sort()).toEqual(['eilidh@example.co.uk', 'iona@example.co.uk', 'rhona@example.co.uk']);
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(3);
  });

  it("a claim moves only the vouchers still Ready to Redeem and the giver's; with none left it is refused (GIFT_NO_LONGER_AVAILABLE), the gift unclaimed, and the preview says so", async () => {
    const { vouchers, token } = await orderGift(GIVER, 3);
    const [used, elsewhere, fine] = vouchers as [(typeof vouchers)[number], (typeof vouchers)[number], (typeof vouchers)[number]];
    expect(await moveVouchers(f.database.db, { id: used.id }, { event: 'redeem', actor: 'merchant', reason: 'Redeemed at the till', at: f.clock.now })).toHaveLength(1);
    // No longer the giver's (whatever moved it): a claim must not take it from its holder.
    await sql`update vouchers.voucher set customer_token = ${OTHER} where id = ${elsewhere.id}::uuid`.execute(f.database.db);
    const look = await preview(token);
    expect(look.body.claimable).toBe(true);
    const byId = new Map(vouchers.map((v, i) => [v.id, i]));
    expect(look.body.vouchers.map((v: Body) => v.claimable)).toHaveLength(3);
    expect(look.body.vouchers.filter((v: Body) => v.claimable)).toHaveLength(1);
    const claimed = await redeem(token, RECIPIENT);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect((await holderOf(used.id))?.customer_token).toBe(GIVER);
    expect((await holderOf(elsewhere.id))?.customer_token).toBe(OTHER);
    expect((await holderOf(fine.id))?.customer_token).toBe(RECIPIENT);
    const claims = await f.database.db.selectFrom('vouchers.voucher_event' as never).select('voucher_id' as never).where('voucher_id' as never, 'in', [...byId.keys()] as never).where('event' as never, '=', 'claim' as never).execute();
    expect(claims).toEqual([{ voucher_id: fine.id }]);

    // Nothing left to give: refused with the words, nothing changes, and the preview offers no claim.
    const gone = await orderGift(GIVER, 1);
    expect(await moveVouchers(f.database.db, { id: gone.vouchers[0]!.id }, { event: 'redeem', actor: 'merchant', reason: 'Redeemed at the till', at: f.clock.now })).toHaveLength(1);
    expect((await preview(gone.token)).body).toMatchObject({ claimed: false, claimable: false, vouchers: [{ claimable: false, statusCode: 'REDEEMED' }] });
    const refused = await redeem(gone.token, RECIPIENT);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'GIFT_NO_LONGER_AVAILABLE', detail: GIFT_MESSAGES.noLongerAvailable, errors: [{ field: 'claim', message: GIFT_MESSAGES.noLongerAvailable }] });
    expect(GIFT_MESSAGES.noLongerAvailable).toBe('This gift can no longer be claimed: the voucher has been used, refunded or has expired. Please ask the person who sent it.');
    expect((await holderOf(gone.vouchers[0]!.id))?.customer_token).toBe(GIVER);
    expect((await preview(gone.token)).status).toBe(200); // still unclaimed: not the 404 of a claimed gift
    // The giver's own claim is still OWN_GIFT, not this.
    expect((await redeem(gone.token, GIVER)).body.code).toBe('OWN_GIFT');
  });

  it("a gift received cannot be refunded, exchanged for credit or returned by its recipient (the buyer's money): 409 GIFT_RECEIVED_NOT_REFUNDABLE, nothing moves", async () => {
    const { vouchers, token } = await orderGift(GIVER, 2);
    expect((await redeem(token, RECIPIENT)).status).toBe(200);
    const [fresh, old] = vouchers as [(typeof vouchers)[number], (typeof vouchers)[number]];
    await f.database.db.updateTable('vouchers.voucher' as never).set({ paid_at: new Date(f.clock.now.getTime() - 20 * 86_400_000) } as never).where('id' as never, '=', old.id as never).execute();
    const refused = { code: 'GIFT_RECEIVED_NOT_REFUNDABLE', detail: ERROR_MESSAGES.GIFT_RECEIVED_NOT_REFUNDABLE };
    const refund = await call('POST', '/voucher/pmv/refund', { voucherId: fresh.id, customerToken: RECIPIENT, destination: 'wallet', walletConsent: true, idempotencyKey: randomUUID() });
    expect([refund.status, refund.body]).toMatchObject([409, refused]);
    const credit = await call('POST', '/voucher/credit', { voucherId: old.id, customerToken: RECIPIENT });
    expect([credit.status, credit.body]).toMatchObject([409, refused]);
    const deal = { deliveryType: 'postal', merchant: { name: 'The Shop', address: '1 High Street, Glasgow', postcode: 'G1 1AA' } };
    const ret = await call('POST', '/create-return-order', { voucherId: fresh.id, customerToken: RECIPIENT, reason: 'changed_mind', deal });
    expect(ret.status, JSON.stringify(ret.body)).toBe(409);
    expect(ret.body).toMatchObject(refused);
    for (const v of vouchers) expect((await call('GET', `/voucher/${v.id}?customerToken=${RECIPIENT}`)).body.status).toBe('Ready to Redeem');
  });

  it('a gift received is marked (giftReceived, isReceivedGift, receivedGiftSql); the buyer\'s own vouchers and a gift not yet claimed are not', async () => {
    const { vouchers, token } = await orderGift(GIVER, 1);
    const [kept] = await f.issue(GIVER, 1);
    const v = vouchers[0]!;
    expect(await isReceivedGift(f.database.db, v.id)).toBe(false); // sent, not claimed: still the giver's money and voucher
    expect((await call('GET', `/voucher/${v.id}?customerToken=${GIVER}`)).body.giftReceived).toBe(false);
    expect((await redeem(token, RECIPIENT)).status).toBe(200);
    expect(await isReceivedGift(f.database.db, v.id)).toBe(true);
    expect(await isReceivedGift(f.database.db, kept!.id)).toBe(false);
    expect((await call('GET', `/voucher/${v.id}?customerToken=${RECIPIENT}`)).body.giftReceived).toBe(true);
    expect((await call('GET', `/voucher/feeds/voucher?customerToken=${RECIPIENT}`)).body.edges.map((e: Body) => e.node.giftReceived)).toEqual([true]);
    expect((await call('GET', `/voucher/${kept!.id}?customerToken=${GIVER}`)).body.giftReceived).toBe(false);
    // The condition as a conditional update uses it: only the voucher not received matches.
    const { rows } = await sql<{ id: string }>`select v.id from vouchers.voucher v where v.id = any(${[v.id, kept!.id]}::uuid[]) and not ${receivedGiftSql('v.id')}`.execute(f.database.db);
    expect(rows.map((r) => r.id)).toEqual([kept!.id]);
    // Gifted on by its recipient, still a gift received while that gift waits.
    expect((await call('POST', '/gift/create', { customerToken: RECIPIENT, voucherId: v.id, giverName: 'Rhona', recipient: { name: 'Iona', email: 'iona@example.co.uk' } })).status).toBe(201);
    expect(await isReceivedGift(f.database.db, v.id)).toBe(true);
  });

  it.runIf(name === 'postgres')('two (and eight) claims of one gift at once: exactly one wins, the vouchers move once with one claim event each', async () => {
    const { vouchers, token } = await orderGift(GIVER, 2);
    const claimants = Array.from({ length: 8 }, (_, i) => `ct-claimant-${i}-${randomUUID()}`);
    const answers = await Promise.all(claimants.map((c) => redeem(token, c)));
    const winners = answers.map((a, i) => [a.status, claimants[i]] as const).filter(([s]) => s === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(7);
    for (const v of vouchers) expect((await holderOf(v.id))?.customer_token).toBe(winners[0]![1]);
    const events = await f.database.db.selectFrom('vouchers.voucher_event' as never).selectAll().where('voucher_id' as never, 'in', vouchers.map((v) => v.id) as never).where('event' as never, '=', 'claim' as never).execute();
    expect(events).toHaveLength(2);
  });
});

describe('gifts OpenAPI', () => {
  it('documents every gifts call (Spectral clean) and each needs the service token', async () => {
    const [, open] = testDatabases()[0]!;
    const f = await vouchersFixture(open);
    try {
      const doc = (await (await f.app.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
      for (const path of ['/gift/create', '/gift/claim', '/deal/gift-redeem', '/gift/sent']) expect(Object.keys(doc.paths)).toContain(path);
      expect((await lintOpenApi(doc)).filter((p) => p.severity === 'error' || p.severity === 'warning')).toEqual([]);
      for (const [method, path] of [['POST', '/gift/create'], ['GET', `/gift/claim?claim=${newGiftToken()}`], ['POST', '/deal/gift-redeem'], ['GET', '/gift/sent?customerToken=ct-someone-000001']] as const) {
        expect((await f.app.request(path, { method, headers: { [SERVICE_TOKEN_HEADER]: 'wrong' } })).status, path).toBe(401);
      }
    } finally {
      await f.close();
    }
  });
});
