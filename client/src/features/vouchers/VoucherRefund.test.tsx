/**
 * The refund of a voucher from its card (issue 16 point 5), against relay-test-utils' mock
 * environment: two clicks to the payment method (the default), wallet credit only with the
 * consent ticked (checked before anything is sent), the pending state, each error member shown
 * in the panel's error summary, one idempotency key per attempt kept when the request itself
 * fails, the card updated by the answer's voucher (Refunded) with the message of where the money
 * went, Cancel, and the line that replaces the button once the 14 days have passed.
 */
import { act, cleanup, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messageFor } from '@shop/domain';
import { answerMutation, money, pendingInput, renderVoucher, VOUCHER_ID, voucherData, type RelayMockEnvironment } from './test/render-voucher.tsx';

/** A voucher bought today for £25, Ready to Redeem (render-voucher.tsx), made what the test needs. */
const renderCard = (overrides: Record<string, unknown> = {}) => renderVoucher(voucherData(overrides));

/** The refund mutation waiting for its answer: its input. */
const pendingRefund = (environment: RelayMockEnvironment) =>
  pendingInput<{ voucherId: string; destination: string; walletConsent: boolean | null; idempotencyKey: string }>(environment, 'VoucherMutationsRefundMutation');

/** Answers the refund mutation with `member` (a RefundVoucherResult member with its fields). */
const answer = (environment: RelayMockEnvironment, member: Record<string, unknown>) => answerMutation(environment, 'refundVoucher', member);

const refunded = (refund: Record<string, unknown>) => ({
  __typename: 'VoucherRefunded',
  refund: { destination: 'ORIGINAL', state: 'REQUESTED', cashAmount: money(2500), walletAmount: money(0), ...refund },
  voucher: voucherData({ status: 'Refunded', statusCode: 'REFUNDED', statusDescription: null }),
});

// A failed request is reported to the shop's log endpoint: not reachable here.
beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});

describe('VoucherRefund', () => {
  it('refunds to the payment method in two clicks: pending, then the card says Refunded and where the money went', async () => {
    const { environment, user, card } = await renderCard();
    const open = within(card).getByRole('button', { name: 'Refund' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const panel = within(card).getByRole('form', { name: 'Refund this voucher' });
    expect(open).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getByRole('heading', { name: 'Refund this voucher' })).toHaveFocus();
    expect(within(panel).getByRole('radio', { name: 'Refund £25 to your payment method' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'As wallet credit instead' })).not.toBeChecked();
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Confirm refund' }));
    const input = pendingRefund(environment);
    expect(input).toEqual({ voucherId: VOUCHER_ID, destination: 'ORIGINAL', walletConsent: null, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const busy = within(panel).getByRole('button', { name: 'Refunding…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // A second press while it is on its way sends nothing more.
    await user.click(busy);
    expect(environment.mock.getAllOperations()).toHaveLength(1);

    await answer(environment, refunded({ state: 'REQUESTED' }));
    expect(within(card).getByText('Refunded', { exact: true })).toBeVisible();
    const message = within(card).getByRole('status');
    expect(message).toHaveTextContent('Refund of £25 on its way to your payment method');
    expect(message).toHaveFocus();
    expect(within(card).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
    // Refunded: nothing to print or scan any more.
    expect(within(card).queryByRole('link', { name: /Print voucher/ })).not.toBeInTheDocument();
  });

  it('wallet credit only with the consent ticked: the error is shown before anything is sent, then "£25 added to your wallet"', async () => {
    const { environment, user, card } = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    const panel = within(card).getByRole('form', { name: 'Refund this voucher' });
    await user.click(within(panel).getByRole('radio', { name: 'As wallet credit instead' }));
    const consent = within(panel).getByRole('checkbox', { name: 'I agree to take this refund as Thistle Deals wallet credit instead of money back to my payment method' });
    expect(consent).not.toBeChecked();
    expect(consent).toBeRequired();

    await user.click(within(panel).getByRole('button', { name: 'Confirm refund' }));
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    const summary = within(panel).getByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('heading', { name: 'The refund did not go through' })).toBeVisible();
    const link = within(summary).getByRole('link', { name: `Wallet credit: ${messageFor('WALLET_CONSENT_REQUIRED')}` });
    await user.click(link);
    expect(consent).toHaveFocus();
    expect(consent).toHaveAttribute('aria-invalid', 'true');

    await user.click(consent);
    expect(within(panel).queryByText(messageFor('WALLET_CONSENT_REQUIRED'), { selector: 'p' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Confirm refund' }));
    expect(pendingRefund(environment)).toMatchObject({ voucherId: VOUCHER_ID, destination: 'WALLET', walletConsent: true });
    await answer(environment, refunded({ destination: 'WALLET', state: 'COMPLETED', cashAmount: money(0), walletAmount: money(2500) }));
    expect(within(card).getByRole('status')).toHaveTextContent('£25 added to your wallet');
    expect(within(card).getByText('Refunded', { exact: true })).toBeVisible();
  });

  it.each([
    ['VoucherActionError', 'VOUCHER_NOT_REFUNDABLE', `${messageFor('VOUCHER_NOT_REFUNDABLE')} Its status is Redeemed.`, null],
    ['VoucherActionError', 'REFUND_WINDOW_CLOSED', `${messageFor('REFUND_WINDOW_CLOSED')} Its refund window ended at the end of 3 November 2026.`, null],
    ['NotFoundError', 'NOT_FOUND', messageFor('NOT_FOUND'), 'voucherId'],
    ['UnauthenticatedError', 'UNAUTHENTICATED', messageFor('UNAUTHENTICATED'), null],
  ])('a %s (%s) is shown in the panel, which stays open', async (typename, code, message, field) => {
    const { environment, user, card } = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    const panel = within(card).getByRole('form', { name: 'Refund this voucher' });
    await user.click(within(panel).getByRole('button', { name: 'Confirm refund' }));
    await answer(environment, { __typename: typename, code, message, field });
    const summary = within(panel).getByRole('alert');
    expect(summary).toHaveTextContent(message);
    expect(summary).toHaveFocus();
    expect(within(panel).getByRole('button', { name: 'Confirm refund' })).not.toHaveAttribute('aria-busy');
    expect(within(card).getByText('Ready to Redeem', { exact: true })).toBeVisible();
  });

  it('one idempotency key per attempt: kept when the request fails and Confirm is pressed again; a new one after an answer', async () => {
    const { environment, user, card } = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    const panel = within(card).getByRole('form', { name: 'Refund this voucher' });
    const confirm = () => user.click(within(panel).getByRole('button', { name: 'Confirm refund' }));
    await confirm();
    const first = pendingRefund(environment).idempotencyKey;
    await act(async () => {
      environment.mock.rejectMostRecentOperation(new Error('Failed to fetch'));
    });
    expect(within(panel).getByRole('alert')).toHaveTextContent('We could not reach Thistle Deals to make the refund. Please check your connection and press Confirm refund again.');
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/log/client-error', expect.objectContaining({ method: 'POST' }));
    await confirm();
    expect(pendingRefund(environment).idempotencyKey).toBe(first);
    await answer(environment, { __typename: 'ValidationError', code: 'VALIDATION_FAILED', message: 'Please check this field.', field: 'idempotencyKey' });
    expect(within(panel).getByRole('alert')).toHaveTextContent('Please check this field.');
    await confirm();
    expect(pendingRefund(environment).idempotencyKey).not.toBe(first);
  });

  it('Cancel closes the panel and gives focus back to Refund; nothing is sent', async () => {
    const { environment, user, card } = await renderCard();
    const open = within(card).getByRole('button', { name: 'Refund' });
    await user.click(open);
    await user.click(within(card).getByRole('radio', { name: 'As wallet credit instead' }));
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('form')).not.toBeInTheDocument();
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(open).toHaveFocus();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    // Opened again: the default again.
    await user.click(open);
    expect(within(card).getByRole('radio', { name: 'Refund £25 to your payment method' })).toBeChecked();
  });

  it('after the 14 days: no button, a line saying until when refunds were possible (London date)', async () => {
    const { card } = await renderCard({ refundableUntil: '2026-11-03T23:59:59.999Z' });
    expect(within(card).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Refunds were possible until 3 November 2026.');
  });

  it('after the 14 days: credit towards another deal in two clicks, at what was paid; a refusal shows in the panel', async () => {
    const { environment, user, card } = await renderCard({ refundableUntil: '2026-11-03T23:59:59.999Z' });
    expect(card).toHaveTextContent('You can still exchange it for £25 of wallet credit to spend on another deal.');
    const open = within(card).getByRole('button', { name: 'Exchange for credit' });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const panel = within(card).getByRole('region', { name: 'Exchange this voucher for credit' });
    expect(within(panel).getByRole('heading', { name: 'Exchange this voucher for credit' })).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Confirm exchange' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.operation.name).toBe('VoucherMutationsCreditMutation');
    expect(operation.request.variables.input).toEqual({ voucherId: VOUCHER_ID });
    const refusal = { __typename: 'VoucherActionError', code: 'VOUCHER_NOT_EXCHANGEABLE', message: `${messageFor('VOUCHER_NOT_EXCHANGEABLE')} It expired on 1 December 2026.`, field: null };
    await answerMutation(environment, 'exchangeVoucherForCredit', refusal);
    expect(within(panel).getByRole('alert')).toHaveTextContent(refusal.message);

    await user.click(within(panel).getByRole('button', { name: 'Confirm exchange' }));
    expect(environment.mock.getMostRecentOperation().request.variables.input).toEqual({ voucherId: VOUCHER_ID });
    const credited = { __typename: 'VoucherCredited', credit: money(2500), voucher: voucherData({ status: 'Request Processed', statusCode: 'REQUEST_PROCESSED', statusDescription: 'redeemed for credit or towards another deal', refundableUntil: '2026-11-03T23:59:59.999Z' }) };
    await answerMutation(environment, 'exchangeVoucherForCredit', credited);
    expect(card).toHaveTextContent('Request Processed');
    expect(within(card).getByText('£25 added to your wallet')).toHaveFocus();
    expect(within(card).queryByRole('button', { name: 'Exchange for credit' })).not.toBeInTheDocument();
  });

  it('no credit offer for a voucher past its date (the expiry job has not run yet)', async () => {
    const { card } = await renderCard({ refundableUntil: '2026-11-03T23:59:59.999Z', expiresAt: '2026-11-20T23:59:59.999Z' });
    expect(within(card).queryByRole('button', { name: 'Exchange for credit' })).not.toBeInTheDocument();
  });

  it('a gift received: no price, no refund, credit or return offer, in or after the 14 days; the words say the sender can ask', async () => {
    for (const refundableUntil of [new Date(Date.now() + 14 * 86_400_000).toISOString(), '2026-11-03T23:59:59.999Z']) {
      const { card } = await renderCard({ giftReceived: true, price: null, paid: null, refundableUntil });
      for (const name of ['Refund', 'Exchange for credit']) expect(within(card).queryByRole('button', { name })).not.toBeInTheDocument();
      expect(card).toHaveTextContent('This voucher was a gift: the person who sent it can ask us for a refund.');
      expect(card).not.toHaveTextContent('£');
      expect(card).not.toHaveTextContent('Refunds were possible');
      cleanup();
    }
  });

  it('nothing about refunds on a voucher that is not Ready to Redeem', async () => {
    const { card } = await renderCard({ status: 'Redeemed', statusCode: 'REDEEMED', statusDescription: null });
    expect(within(card).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('Refunds were possible');
  });
});
