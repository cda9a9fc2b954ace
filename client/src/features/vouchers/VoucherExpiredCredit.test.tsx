/**
 * An expired voucher's value as wallet credit from its card (spec §9: valid 14 days), against
 * relay-test-utils' mock environment: the offer and its one line of validity, the confirmation
 * step by keyboard, the pending state (a second press sends nothing), a refusal and a failed
 * request shown in the panel, Cancel, and the card updated by the answer's voucher (Request
 * Processed) with the message of where the money went and until when; nothing when the gateway
 * offers nothing, and never a link to a wallet page.
 */
import { act, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messageFor } from '@shop/domain';
import { answerMutation, pendingInput, renderVoucher, VOUCHER_ID, voucherData as bought, type RelayMockEnvironment } from './test/render-voucher.tsx';

const money = (amount: number) => ({ amount, currency: 'GBP', formatted: `£${(amount / 100).toFixed(2)}` });
/** The end of day 14 (London) from a grant on 20 November 2026. */
const VALID_UNTIL = '2026-12-04T23:59:59.999Z';

/** A £12 voucher that expired on 19 November 2026, as the list gives it, with the gateway's offer. */
function voucherData(overrides: Record<string, unknown> = {}) {
  return bought({
    status: 'Expired',
    statusCode: 'EXPIRED',
    statusDescription: 'expiry date passed',
    expiresAt: '2026-11-19T23:59:59.999Z',
    refundableUntil: '2026-08-20T22:59:59.999Z',
    price: money(1500),
    paid: money(1200),
    extension: null,
    expiredCredit: { amount: money(1200), validUntil: VALID_UNTIL },
    ...overrides,
  });
}

const renderCard = (overrides: Record<string, unknown> = {}) => renderVoucher(voucherData(overrides));

/** The mutation waiting for its answer: its input. */
const pending = (environment: RelayMockEnvironment) => pendingInput<{ voucherId: string }>(environment, 'VoucherMutationsExpiredCreditMutation');

const answer = (environment: RelayMockEnvironment, member: Record<string, unknown>) => answerMutation(environment, 'takeExpiredVoucherCredit', member);

const taken = {
  __typename: 'ExpiredVoucherCreditTaken',
  credit: money(1200),
  validUntil: VALID_UNTIL,
  voucher: voucherData({ status: 'Request Processed', statusCode: 'REQUEST_PROCESSED', statusDescription: 'redeemed for credit or towards another deal', expiredCredit: null }),
};

// A failed request is reported to the shop's log endpoint: not reachable here.
beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});

describe('VoucherExpiredCredit', () => {
  it('by keyboard: the offer with its validity, the confirmation, pending, then Request Processed and where the money went until when', async () => {
    const { environment, user, card } = await renderCard();
    const open = within(card).getByRole('button', { name: 'Take £12.00 as wallet credit' });
    expect(open).toHaveAccessibleDescription('Valid for 14 days from today, until 4 December 2026.');
    expect(card).toHaveTextContent('Valid for 14 days from today, until 4 December 2026.');
    expect(open).toHaveAttribute('aria-expanded', 'false');
    open.focus();
    await user.keyboard('{Enter}');
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const panel = within(card).getByRole('region', { name: "Take this voucher's value as wallet credit" });
    expect(open).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getByRole('heading', { name: "Take this voucher's value as wallet credit" })).toHaveFocus();
    expect(panel).toHaveTextContent('£12.00 goes into your Thistle Deals wallet at once, to spend at checkout on any deal until 4 December 2026');
    // Nothing is sent until it is confirmed.
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.tab();
    expect(within(panel).getByRole('button', { name: 'Confirm: take the credit' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(pending(environment)).toEqual({ voucherId: VOUCHER_ID });
    const busy = within(panel).getByRole('button', { name: 'Adding the credit…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(panel).getByRole('status')).toHaveTextContent('Adding the credit…');
    await user.click(busy);
    expect(environment.mock.getAllOperations()).toHaveLength(1);

    await answer(environment, taken);
    expect(card).toHaveTextContent('Request Processed');
    expect(within(card).getByText('£12.00 is now in your wallet, to spend at checkout until 4 December 2026.')).toHaveFocus();
    expect(within(card).queryByRole('button', { name: /as wallet credit/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /wallet/i })).not.toBeInTheDocument();
  });

  it('a refusal shows in the panel in the service\'s words; a failed request says so; Cancel closes and gives focus back', async () => {
    const { environment, user, card } = await renderCard();
    const open = within(card).getByRole('button', { name: 'Take £12.00 as wallet credit' });
    await user.click(open);
    const panel = within(card).getByRole('region', { name: "Take this voucher's value as wallet credit" });
    await user.click(within(panel).getByRole('button', { name: 'Confirm: take the credit' }));
    const refusal = { __typename: 'VoucherActionError', code: 'VOUCHER_NOT_EXPIRED', message: `${messageFor('VOUCHER_NOT_EXPIRED')} Its status is Request Processed.`, field: null };
    await answer(environment, refusal);
    expect(within(panel).getByRole('alert')).toHaveTextContent(refusal.message);
    expect(within(panel).getByRole('alert')).toHaveTextContent('The credit was not added');

    await user.click(within(panel).getByRole('button', { name: 'Confirm: take the credit' }));
    await act(async () => {
      environment.mock.rejectMostRecentOperation(new Error('offline'));
    });
    expect(within(panel).getByRole('alert')).toHaveTextContent('We could not reach Thistle Deals to add the credit. Please check your connection and try again.');
    expect(within(panel).getByRole('button', { name: 'Confirm: take the credit' })).not.toHaveAttribute('aria-busy');

    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('region', { name: "Take this voucher's value as wallet credit" })).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(open).toHaveAttribute('aria-expanded', 'false');
  });

  it('no offer when the gateway gives none (a voucher in date, a gift received, one already taken)', async () => {
    const { card } = await renderCard({ status: 'Ready to Redeem', statusCode: 'READY_TO_REDEEM', expiresAt: '2027-02-20T23:59:59.999Z', expiredCredit: null });
    expect(within(card).queryByRole('button', { name: /as wallet credit/ })).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('Valid for 14 days');
  });
});
