/**
 * Sending goods back from a voucher's card (issue 16 point 6), against relay-test-utils' mock
 * environment: "Return this item" only on goods that can be returned; the form from the keyboard
 * (focus into it), a reason required before anything is sent, the pending state, the answer's
 * voucher updating the card (the return's progress in the spec §3 words, its label link, focus on
 * it), an error member in the form's error summary, and a refunded return without the label.
 */
import { within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messageFor } from '@shop/domain';
import { RETURN_WORDS } from './VoucherReturn.tsx';
import { answerMutation, money, pendingInput, renderVoucher, VOUCHER_ID, voucherData as bought, type RelayMockEnvironment } from './test/render-voucher.tsx';

const LABEL = `/myaccount/vouchers/${encodeURIComponent(VOUCHER_ID)}/return-label.pdf`;
const DEAL = { title: 'Cordless Beard Trimmer Kit', url: '/deals/shop/grooming/trimmer/9/trimmer.html', image: { url: '/img/9.jpg', width: 640, height: 400 } };
const STEPS = ['Return Requested', 'Return in Transit', 'Returned to the Merchant', 'Refunded'];

/** A goods voucher bought today for £16, as the list gives it. */
function voucherData(overrides: Record<string, unknown> = {}) {
  return bought({
    redemptionLink: null,
    title: 'Cordless Beard Trimmer Kit – Standard',
    expiresAt: '2027-11-20T23:59:59.999Z',
    // The refund window has closed: the card's only offer is the return.
    refundableUntil: new Date(Date.now() - 86_400_000).toISOString(),
    price: money(1600),
    paid: money(1600),
    howToRedeem: { title: 'Show your voucher', steps: ['Show the code.'] },
    deal: DEAL,
    returnable: true,
    ...overrides,
  });
}

/** The voucher with its return at `reached` steps (1: Return Requested). */
function returned(reached: number, status: string, refunded: number | null = null) {
  return voucherData({
    status,
    statusCode: status.toUpperCase().replace(/ /g, '_'),
    statusDescription: null,
    returnable: false,
    return: {
      id: 'VoucherReturn:1',
      status,
      reasonText: 'Damaged or faulty',
      carrier: 'Thistle Deals Returns (tracked)',
      trackingNumber: 'TDR-1234-5678-9012',
      labelUrl: LABEL,
      to: { name: 'The Home Edit Store', address: '28 Pepper Road, Leeds', postcode: 'LS10 8JD' },
      steps: STEPS.map((s, i) => ({ status: s, at: i < reached ? '2026-11-27T10:00:00.000Z' : null })),
      refunded: refunded === null ? null : money(refunded),
    },
  });
}

const pendingReturn = (environment: RelayMockEnvironment) => pendingInput<{ voucherId: string; reason: string; note: string | null }>(environment, 'VoucherReturnMutation');

const answer = (environment: RelayMockEnvironment, member: Record<string, unknown>) => answerMutation(environment, 'requestVoucherReturn', member, DEAL);

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});

describe('VoucherReturn', () => {
  it('from the keyboard: a reason is required, then the return is requested and the card shows its progress and label', async () => {
    const { environment, user, card } = await renderVoucher(voucherData());
    const open = within(card).getByRole('button', { name: RETURN_WORDS.open });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    open.focus();
    await user.keyboard('{Enter}');
    const form = within(card).getByRole('form', { name: 'Return this item' });
    expect(open).toHaveAttribute('aria-controls', form.id);
    expect(within(form).getByRole('heading', { name: 'Return this item' })).toHaveFocus();
    expect(within(form).getAllByRole('radio').map((r) => r.getAttribute('name'))).toHaveLength(4);

    // No reason: said in the form, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Confirm return' }));
    expect(within(form).getAllByText(RETURN_WORDS.reasonMissing).length).toBeGreaterThan(0);
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.click(within(form).getByRole('radio', { name: 'Damaged or faulty' }));
    await user.type(within(form).getByRole('textbox', { name: RETURN_WORDS.note }), '  The box arrived crushed. ');
    await user.click(within(form).getByRole('button', { name: 'Confirm return' }));
    expect(pendingReturn(environment)).toEqual({ voucherId: VOUCHER_ID, reason: 'DAMAGED', note: 'The box arrived crushed.' });
    expect(within(form).getByRole('button', { name: RETURN_WORDS.busy })).toHaveAttribute('aria-busy', 'true');

    await answer(environment, { __typename: 'VoucherReturnRequested', voucher: returned(1, 'Return Requested') });
    const progress = within(card).getByRole('region', { name: 'Your return' });
    expect(within(progress).getByRole('heading', { name: 'Your return' })).toHaveFocus();
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([expect.stringContaining('Return Requested'), 'Return in Transit (not yet)', 'Returned to the Merchant (not yet)', 'Refunded (not yet)']);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(within(progress).getByText('TDR-1234-5678-9012')).toBeInTheDocument();
    const label = within(progress).getByRole('link', { name: `${RETURN_WORDS.label} (PDF)` });
    expect(label).toHaveAttribute('href', LABEL);
    expect(label).toHaveAttribute('download');
    expect(within(card).queryByRole('button', { name: RETURN_WORDS.open })).not.toBeInTheDocument();
  });

  it('a refusal shows in the form’s error summary; Cancel closes it and focus goes back', async () => {
    const { environment, user, card } = await renderVoucher(voucherData());
    const open = within(card).getByRole('button', { name: RETURN_WORDS.open });
    await user.click(open);
    const form = within(card).getByRole('form', { name: 'Return this item' });
    await user.click(within(form).getByRole('radio', { name: 'Changed my mind' }));
    await user.click(within(form).getByRole('button', { name: 'Confirm return' }));
    expect(pendingReturn(environment)).toEqual({ voucherId: VOUCHER_ID, reason: 'CHANGED_MIND', note: null });
    const words = `${messageFor('VOUCHER_NOT_RETURNABLE')} Its status is Redeemed.`;
    await answer(environment, { __typename: 'VoucherActionError', code: 'VOUCHER_NOT_RETURNABLE', message: words, field: 'voucherId' });
    expect(within(form).getByText(RETURN_WORDS.failed)).toBeInTheDocument();
    expect(within(form).getAllByText(words).length).toBeGreaterThan(0);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('form', { name: 'Return this item' })).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('nothing to return (not goods, or not Ready to Redeem): no offer and no progress', async () => {
    const { card } = await renderVoucher(voucherData({ returnable: false }));
    expect(within(card).queryByRole('button', { name: RETURN_WORDS.open })).not.toBeInTheDocument();
    expect(within(card).queryByRole('region', { name: 'Your return' })).not.toBeInTheDocument();
  });

  it('a refunded return: every step reached, the amount back to the payment method, no label', async () => {
    const { card } = await renderVoucher(returned(4, 'Refunded', 1600));
    const progress = within(card).getByRole('region', { name: 'Your return' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('time')?.getAttribute('datetime'))).toEqual(Array(4).fill('2026-11-27T10:00:00.000Z'));
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    expect(within(progress).getByText('Refund of £16 to your original payment method.')).toBeInTheDocument();
    expect(within(progress).queryByRole('link', { name: /Download returns label/ })).not.toBeInTheDocument();
  });
});
