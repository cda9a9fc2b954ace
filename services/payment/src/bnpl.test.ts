/**
 * Klarna and Clearpay end to end over REST and the sandboxes' approval endpoints (reliability P8):
 * approval, hard decline, failing OTP, single-use tokens, one order per key, pending captures,
 * unknown outcomes reconciled by lookup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { testDatabases } from '@shop/platform/test-databases';
import { KLARNA_DENIED_MESSAGE } from './sandbox/klarna/app.ts';
import { appFixture, fresh, type AppFixture } from './test/app-fixture.ts';

type Json = Record<string, unknown>;

describe.each(testDatabases())('Klarna and Clearpay on %s', (_name, open) => {
  let f: AppFixture;
  const sandbox = (path: string) => `${f.sandboxes.origin}${path}`;
  const post = async (url: string, body: Json) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Json };
  };
  beforeAll(async () => {
    f = await appFixture(open);
  });
  afterAll(async () => {
    await f?.close();
  });

  describe('Klarna', () => {
    async function session(amount: number) {
      const res = await f.call('POST', '/kn/sessions', { body: { amount, currency: 'GBP' } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { data: { sessionId: string; clientToken: string; approvalUrl: string } }).data;
    }
    const approve = (sessionId: string, email: string, otp = '123456') => post(sandbox('/sandbox/klarna/approve'), { session: sessionId, email, otp });

    it('session → approval (customer@email.co.uk) → order; the same key again is the same order; the token is single-use', async () => {
      const s = await session(4999);
      expect(s.approvalUrl).toBe(`/sandbox/klarna/approve?session=${s.sessionId}`);
      const approval = await approve(s.sessionId, 'customer@email.co.uk');
      expect(approval.status).toBe(201);
      const token = approval.body.authorization_token as string;
      const orderRef = fresh('ord');
      const body = { orderRef, amount: 4999, currency: 'GBP', authorizationToken: token, email: 'customer@email.co.uk' };
      const paid = await f.call('POST', '/kn/pay', { body, key: `k-${orderRef}` });
      expect(paid.status).toBe(201);
      const paidBody = await paid.json();
      expect(paidBody).toMatchObject({ data: { status: 'succeeded', provider: 'klarna' } });
      expect(await (await f.call('POST', '/kn/pay', { body, key: `k-${orderRef}` })).json()).toEqual(paidBody);
      expect(f.sandboxes.klarna.captures(orderRef)).toHaveLength(1);
      // Another key with the used token: refused, no second order.
      const reuse = await f.call('POST', '/kn/pay', { body: { ...body, orderRef: fresh('ord') }, key: fresh('k') });
      expect(reuse.status).toBe(402);
      expect(await reuse.json()).toMatchObject({ code: 'PAYMENT_FAILED', detail: BUYING_MESSAGES.paymentProblem, retryable: true });
      expect(f.sandboxes.klarna.orders().filter((o) => o.merchant_reference1 === orderRef)).toHaveLength(1);
    });

    it('customer+denied@email.co.uk is a hard decline: no token, nothing charged', async () => {
      const s = await session(2000);
      const denied = await approve(s.sessionId, 'customer+denied@email.co.uk');
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({ approved: false, final: true, errors: [{ message: KLARNA_DENIED_MESSAGE }] });
      expect(denied.body.authorization_token).toBeUndefined();
    });

    it('the one-time code 999999 fails (any other six digits pass)', async () => {
      const s = await session(2000);
      const failed = await approve(s.sessionId, 'customer@email.co.uk', '999999');
      expect(failed.status).toBe(422);
      expect(failed.body.authorization_token).toBeUndefined();
      expect((await approve(s.sessionId, 'customer@email.co.uk', '000001')).status).toBe(201);
    });

    it('a token Klarna does not know is refused with the paymentProblem words', async () => {
      const res = await f.call('POST', '/kn/pay', { body: { orderRef: fresh('ord'), amount: 2000, currency: 'GBP', authorizationToken: 'kat_forged', email: 'customer@email.co.uk' }, key: fresh('k') });
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ code: 'PAYMENT_FAILED', detail: BUYING_MESSAGES.paymentProblem, provider: 'klarna' });
    });

    it('an order whose answer is lost is pending, and lookup finds the one order', async () => {
      const s = await session(3000);
      const token = (await approve(s.sessionId, 'customer@email.co.uk')).body.authorization_token as string;
      f.sandboxes.klarna.faults.arm({ mode: 'drop-after-commit', route: 'order' });
      const orderRef = fresh('ord');
      const res = await f.call('POST', '/kn/pay', { body: { orderRef, amount: 3000, currency: 'GBP', authorizationToken: token, email: 'customer@email.co.uk' }, key: `k-${orderRef}` });
      expect(res.status).toBe(202);
      expect(await (await f.call('GET', `/charges/${orderRef}?method=klarna`)).json()).toMatchObject({ data: { status: 'succeeded', provider: 'klarna' } });
      expect(f.sandboxes.klarna.captures(orderRef)).toHaveLength(1);
    });
  });

  describe('Clearpay', () => {
    async function checkout(amount: number, email: string) {
      const res = await f.call('POST', '/cp/checkouts', { body: { amount, currency: 'GBP', orderRef: fresh('ord'), email } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { data: { token: string; approvalUrl: string } }).data;
    }
    const confirm = (token: string, email: string) => post(sandbox('/sandbox/clearpay/checkout/confirm'), { token, email });
    const pay = (token: string, orderRef: string, amount: number) =>
      f.call('POST', '/cp/pay', { body: { orderRef, amount, currency: 'GBP', token, email: 'shopper@example.co.uk' }, key: `k-${orderRef}` });

    it('approves an ordinary email: one capture per key', async () => {
      const c = await checkout(12_345, 'shopper@example.co.uk');
      expect(c.approvalUrl).toBe(`/sandbox/clearpay/checkout?token=${c.token}`);
      expect((await confirm(c.token, 'shopper@example.co.uk')).status).toBe(201);
      const orderRef = fresh('ord');
      const res = await pay(c.token, orderRef, 12_345);
      expect(res.status).toBe(201);
      expect((await pay(c.token, orderRef, 12_345)).status).toBe(201);
      expect(f.sandboxes.clearpay.captures(orderRef)).toHaveLength(1);
    });

    it('declines +declined with the bnplDeclined words (PAYMENT_DECLINED), nothing captured', async () => {
      const c = await checkout(5_000, 'shopper+declined@example.co.uk');
      await confirm(c.token, 'shopper+declined@example.co.uk');
      const orderRef = fresh('ord');
      const res = await pay(c.token, orderRef, 5_000);
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ code: 'PAYMENT_DECLINED', detail: BUYING_MESSAGES.bnplDeclined, retryable: false, provider: 'clearpay' });
      expect(f.sandboxes.clearpay.captures(orderRef)).toEqual([]);
      expect(await (await f.call('GET', `/charges/${orderRef}?method=clearpay`)).json()).toMatchObject({ data: { status: 'declined', message: BUYING_MESSAGES.bnplDeclined } });
    });

    it('+pending is unknown (202) until the provider settles it; lookup then finds the capture', async () => {
      const c = await checkout(5_000, 'shopper+pending@example.co.uk');
      await confirm(c.token, 'shopper+pending@example.co.uk');
      const orderRef = fresh('ord');
      const res = await pay(c.token, orderRef, 5_000);
      expect(res.status).toBe(202);
      expect(await (await f.call('GET', `/charges/${orderRef}?method=clearpay`)).json()).toEqual({ data: { status: 'unknown', provider: 'clearpay' } });
      await new Promise((r) => setTimeout(r, 350));
      expect(await (await f.call('GET', `/charges/${orderRef}?method=clearpay`)).json()).toMatchObject({ data: { status: 'succeeded', provider: 'clearpay' } });
      expect(f.sandboxes.clearpay.captures(orderRef)).toHaveLength(1);
    });

    it('a checkout the shopper never confirmed cannot be captured', async () => {
      const c = await checkout(5_000, 'shopper@example.co.uk');
      const res = await pay(c.token, fresh('ord'), 5_000);
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ code: 'PAYMENT_FAILED', detail: BUYING_MESSAGES.paymentProblem });
    });

    it('refuses totals outside £1–£1000', async () => {
      for (const amount of [99, 100_001]) {
        const res = await f.call('POST', '/cp/checkouts', { body: { amount, currency: 'GBP', orderRef: fresh('ord'), email: 'shopper@example.co.uk' } });
        expect(res.status, String(amount)).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE', errors: [{ field: 'amount' }] });
      }
      for (const amount of [100, 100_000]) {
        expect((await f.call('POST', '/cp/checkouts', { body: { amount, currency: 'GBP', orderRef: fresh('ord'), email: 'shopper@example.co.uk' } })).status, String(amount)).toBe(201);
      }
    });

    it('a capture that times out is unknown, and lookup finds the capture made anyway', async () => {
      const c = await checkout(2_000, 'shopper@example.co.uk');
      await confirm(c.token, 'shopper@example.co.uk');
      f.sandboxes.clearpay.faults.arm({ mode: 'delay-ms', delayMs: 700, route: 'capture' });
      const orderRef = fresh('ord');
      expect((await pay(c.token, orderRef, 2_000)).status).toBe(202);
      await new Promise((r) => setTimeout(r, 400));
      expect(await (await f.call('GET', `/charges/${orderRef}?method=clearpay`)).json()).toMatchObject({ data: { status: 'succeeded' } });
      expect(f.sandboxes.clearpay.captures(orderRef)).toHaveLength(1);
    });
  });
});
