/**
 * An expired voucher's value as wallet credit from its card (spec §9: valid 14 days), against
 * relay-test-utils' mock environment: the offer and its one line of validity, the confirmation
 * step by keyboard, the pending state (a second press sends nothing), a refusal and a failed
 * request shown in the panel, Cancel, and the card updated by the answer's voucher (Request
 * Processed) with the message of where the money went and until when; nothing when the gateway
 * offers nothing, and never a link to a wallet page.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messageFor } from '@shop/domain';
import { VoucherCard } from './VoucherCard.tsx';
import type { VoucherExpiredCreditTestQuery } from '../../__generated__/VoucherExpiredCreditTestQuery.graphql';

const query = graphql`
  query VoucherExpiredCreditTestQuery @relay_test_operation {
    node(id: "test") {
      ...VoucherCard_voucher @alias
    }
  }
`;

type RelayMockEnvironment = ReturnType<typeof createMockEnvironment>;

const VOUCHER_ID = 'Vm91Y2hlcjpUMTAwMDQyOnRlc3Q=';
const DEAL = { title: 'Afternoon tea at the Willow', url: '/deals/glasgow/afternoon-tea/classic-afternoon-tea/7/willow.html', image: { url: '/img/7.jpg', width: 640, height: 400 } };
const money = (amount: number) => ({ amount, currency: 'GBP', formatted: `£${(amount / 100).toFixed(2)}` });
/** The end of day 14 (London) from a grant on 20 November 2026. */
const VALID_UNTIL = '2026-12-04T23:59:59.999Z';

/** A £12 voucher that expired on 19 November 2026, as the list gives it, with the gateway's offer. */
function voucherData(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Voucher',
    id: VOUCHER_ID,
    code: 'K7QZ2M-9TXB4R-WC3HDN',
    redemptionLink: 'http://shop.test/merchant/redeem/6f1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f60.signature',
    status: 'Expired',
    statusCode: 'EXPIRED',
    statusDescription: 'expiry date passed',
    title: 'Afternoon tea for two',
    expiresAt: '2026-11-19T23:59:59.999Z',
    recipientName: null,
    orderNumber: 'T100042',
    refundableUntil: '2026-08-20T22:59:59.999Z',
    price: money(1500),
    paid: money(1200),
    howToRedeem: { title: 'Book with the merchant before you go', steps: ['Contact the merchant to book.'] },
    deal: DEAL,
    returnable: false,
    return: null,
    gift: null,
    giftReceived: false,
    extension: null,
    expiredCredit: { amount: money(1200), validUntil: VALID_UNTIL },
    ...overrides,
  };
}

function Harness() {
  const data = useLazyLoadQuery<VoucherExpiredCreditTestQuery>(query, {});
  const voucher = data.node?.VoucherCard_voucher;
  return voucher ? <VoucherCard voucher={voucher} headingId="v1" /> : null;
}

async function renderCard(overrides: Record<string, unknown> = {}) {
  const environment = createMockEnvironment();
  const router = createMemoryRouter([{ path: '/myaccount/vouchers', element: <Suspense fallback={<p>Loading</p>}><Harness /></Suspense> }], { initialEntries: ['/myaccount/vouchers'] });
  render(
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>,
  );
  const data = voucherData(overrides);
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) => MockPayloadGenerator.generate(operation, { Node: () => data, Deal: () => DEAL }));
  });
  await screen.findByRole('heading', { name: DEAL.title });
  return { environment, user: userEvent.setup(), card: screen.getByRole('article', { name: DEAL.title }) };
}

/** The mutation waiting for its answer: its input. */
function pending(environment: RelayMockEnvironment) {
  const operation = environment.mock.getMostRecentOperation();
  expect(operation.request.node.operation.name).toBe('VoucherMutationsExpiredCreditMutation');
  return operation.request.variables.input as { voucherId: string };
}

async function answer(environment: RelayMockEnvironment, member: Record<string, unknown>) {
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) => MockPayloadGenerator.generate(operation, { Mutation: () => ({ takeExpiredVoucherCredit: member }), Deal: () => DEAL }));
  });
}

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
