/**
 * P3 with a saved card: the shopper asked to save the card, the provider captured (and vaulted
 * it) but the answer was lost. Reconciliation's lookup finds the capture and saves the card then,
 * once, for that shopper; a charge that did not ask, or a guest's, saves nothing.
 */
import { describe, expect, it } from 'vitest';
import { testDatabases } from '@shop/platform/test-databases';
import { suiteFixture } from '@shop/platform/test-suite';
import { chargeRequest, paymentsFixture } from './test/harness.ts';

describe.each(testDatabases())('a lost answer for a card to save on %s', (_name, open) => {
  const f = suiteFixture(() => paymentsFixture(open), (fixture) => fixture.close());

  const card = () => {
    const t = f.sandboxes.braintree.tokenizeCard({ number: '5555555555554444', expirationDate: '12/30', cvv: '123', postalCode: 'SW1A 1AA' });
    if (!('nonce' in t)) throw new Error('not tokenised');
    return t.nonce;
  };

  it('is saved when reconciliation finds the capture, once, for its shopper', async () => {
    const owner = `cust-${Date.now()}-lost`;
    f.sandboxes.braintree.faults.arm({ mode: 'drop-after-commit', route: 'sale' });
    const req = chargeRequest({ token: card(), saveInstrument: true, customerToken: owner });
    expect(await f.payments.charge(req)).toEqual({ status: 'unknown', provider: 'braintree' });
    expect(await f.payments.instruments(owner)).toEqual([]);

    const found = await f.payments.lookup('credit_card', req.orderRef);
    expect(found).toMatchObject({ status: 'succeeded', cardType: 'MasterCard', instrumentId: expect.any(String) });
    expect(found).not.toHaveProperty('vaulted');
    const saved = await f.payments.instruments(owner);
    expect(saved).toEqual([expect.objectContaining({ id: (found as { instrumentId: string }).instrumentId, type: 'card', cardType: 'MasterCard', last4: '4444', default: true })]);
    // Asked again (the next reconciliation, or two at once): the same instrument, not a second.
    const again = await Promise.all([f.payments.lookup('credit_card', req.orderRef), f.payments.lookup('credit_card', req.orderRef)]);
    for (const a of again) expect(a).toMatchObject({ status: 'succeeded', instrumentId: saved[0]!.id });
    expect(await f.payments.instruments(owner)).toHaveLength(1);
    expect(f.sandboxes.braintree.captures(req.orderRef)).toHaveLength(1);
  });

  it('is not saved when the shopper did not ask, nor for a guest', async () => {
    const owner = `cust-${Date.now()}-nosave`;
    f.sandboxes.braintree.faults.arm({ mode: 'drop-after-commit', route: 'sale' });
    const req = chargeRequest({ token: card(), saveInstrument: false, customerToken: owner });
    await f.payments.charge(req);
    expect(await f.payments.lookup('credit_card', req.orderRef)).toMatchObject({ status: 'succeeded', instrumentId: null });
    expect(await f.payments.instruments(owner)).toEqual([]);

    f.sandboxes.braintree.faults.arm({ mode: 'drop-after-commit', route: 'sale' });
    const guest = chargeRequest({ token: card(), saveInstrument: true, customerToken: null });
    await f.payments.charge(guest);
    expect(await f.payments.lookup('credit_card', guest.orderRef)).toMatchObject({ status: 'succeeded', instrumentId: null });
  });
});
