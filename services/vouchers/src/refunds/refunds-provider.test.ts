/**
 * A voucher's card part back at the provider (issue 16 point 5; reliability M7 "sandbox refund
 * endpoint with delays"): the real payment service and the Braintree sandbox over HTTP, on PGlite
 * and PostgreSQL. A refund of a settled sale completes at once, with ONE credit of the voucher's
 * amount at the provider; a sale not settled yet, or an answer lost after the provider applied the
 * refund, leaves it requested, and the job completes it with the same key: still one credit.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chargeRequest, paymentsFixture, type PaymentsFixture } from '@shop/payment/test/harness';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { vouchersFixture, type VouchersFixture } from '../test/fixture.ts';
import { retryRefunds } from './refunds.ts';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read loosely

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('voucher refunds at the provider on %s', (_name, open) => {
  const f = suiteFixture(
    async () => {
      const payments: PaymentsFixture = await paymentsFixture(open);
      const vouchers: VouchersFixture = await vouchersFixture(open, new Date(), payments.payments);
      return { payments, vouchers };
    },
    async ({ payments, vouchers }) => {
      await vouchers.close();
      await payments.close();
    },
  );
  const settleAfter = (ms: number) =>
    f.payments.sandboxes.braintree.webhooks.configure({ url: 'http://127.0.0.1:9/unused', secret: 'unused', settleAfterMs: ms, notifyAuthorized: false, notifySettled: false });

  /** 2 vouchers of £12.50 bought by card (a real sale in the sandbox), held by a new shopper. */
  async function bought() {
    const holder = `ct-shopper-${randomUUID()}`;
    // The checkout charges with the order's id (a uuid) as the reference.
    const orderId = randomUUID();
    const req = chargeRequest({ amount: 2500, method: 'credit_card', orderRef: orderId, idempotencyKey: orderId });
    const charged = await f.payments.payments.charge(req);
    if (charged.status !== 'succeeded') throw new Error(`charge ${charged.status}`);
    const vouchers = await f.vouchers.issue(holder, 2, { price: 1250, orderId: req.orderRef, card: { method: 'credit_card', provider: 'braintree', transactionId: charged.transactionId } });
    return { holder, vouchers, transactionId: charged.transactionId };
  }
  const refund = async (holder: string, voucherId: string): Promise<Body> =>
    (await (await f.vouchers.call('POST', '/voucher/pmv/refund', { voucherId, customerToken: holder, destination: 'original', idempotencyKey: randomUUID() })).json()) as Body;
  const settled = async (transactionId: string) => {
    for (let waited = 0; f.payments.sandboxes.braintree.transactions().find((t) => t.id === transactionId)?.status !== 'settled'; waited += 10) {
      if (waited > 5_000) throw new Error('not settled');
      await sleep(10);
    }
  };

  it('a settled sale: the refund completes at once, one credit of the voucher’s amount at the provider', async () => {
    settleAfter(10);
    const { holder, vouchers, transactionId } = await bought();
    await settled(transactionId);
    const answer = await refund(holder, vouchers[0]!.id);
    expect(answer.refund).toMatchObject({ state: 'completed', cashAmount: { amount: 1250 }, walletAmount: { amount: 0 } });
    expect(f.payments.sandboxes.braintree.refunds(transactionId).map((t) => t.amount)).toEqual(['12.50']);
  });

  it('not settled yet, then settled: requested, and the job completes it with the same key (one credit)', async () => {
    settleAfter(60_000);
    const { holder, vouchers, transactionId } = await bought();
    const answer = await refund(holder, vouchers[0]!.id);
    expect(answer.refund.state).toBe('requested');
    expect(answer.voucher.status).toBe('Refunded');
    f.payments.sandboxes.braintree.settle(transactionId);
    expect(await retryRefunds(f.vouchers.app.deps)).toBe(1);
    expect(await retryRefunds(f.vouchers.app.deps)).toBe(0);
    expect(f.payments.sandboxes.braintree.refunds(transactionId)).toHaveLength(1);
  });

  it('the answer lost after the provider refunded: requested, then the job finds it: still one credit', async () => {
    settleAfter(10);
    const { holder, vouchers, transactionId } = await bought();
    await settled(transactionId);
    f.payments.sandboxes.braintree.faults.arm({ mode: 'drop-after-commit', route: 'refund' });
    const answer = await refund(holder, vouchers[1]!.id);
    expect(answer.refund.state).toBe('requested');
    expect(f.payments.sandboxes.braintree.refunds(transactionId)).toHaveLength(1);
    // The payment service waits out its deadline before asking again with the same key.
    let completed = 0;
    for (let tries = 0; completed === 0 && tries < 100; tries++) {
      completed = await retryRefunds(f.vouchers.app.deps);
      if (completed === 0) await sleep(100);
    }
    expect(completed).toBe(1);
    expect(f.payments.sandboxes.braintree.refunds(transactionId).map((t) => t.amount)).toEqual(['12.50']);
  });
});
