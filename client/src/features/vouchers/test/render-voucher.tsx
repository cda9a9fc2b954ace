/**
 * A voucher card as My Vouchers renders it, for the card's tests: the voucher (the list's fields)
 * answered to the card's query through relay-test-utils' mock environment, and the card's
 * mutations answered the same way.
 */
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MockPayloadGenerator, type createMockEnvironment } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { expect } from 'vitest';
import { renderRoutes } from '../../../test/render-page.tsx';
import { VoucherCard } from '../VoucherCard.tsx';
import type { renderVoucherQuery } from '../../../__generated__/renderVoucherQuery.graphql';

const query = graphql`
  query renderVoucherQuery @relay_test_operation {
    node(id: "test") {
      ...VoucherCard_voucher @alias
    }
  }
`;

export const VOUCHER_ID = 'Vm91Y2hlcjpUMTAwMDQyOnRlc3Q=';
export const DEAL = { title: 'Afternoon tea at the Willow', url: '/deals/glasgow/afternoon-tea/classic-afternoon-tea/7/willow.html', image: { url: '/img/7.jpg', width: 640, height: 400 } };
export const money = (amount: number) => ({ amount, currency: 'GBP', formatted: `£${amount / 100}` });

/**
 * A voucher bought today for £25, Ready to Redeem with its refund window open, as the list gives
 * it: not goods (no return), not sent nor received as a gift, not expired (no credit offer).
 */
export function voucherData(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Voucher',
    id: VOUCHER_ID,
    code: 'K7QZ2M-9TXB4R-WC3HDN',
    redemptionLink: 'http://shop.test/merchant/redeem/6f1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f60.signature',
    status: 'Ready to Redeem',
    statusCode: 'READY_TO_REDEEM',
    statusDescription: 'print the voucher and use it to redeem',
    title: 'Afternoon tea for two',
    expiresAt: '2027-02-20T23:59:59.999Z',
    recipientName: null,
    orderNumber: 'T100042',
    refundableUntil: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    price: money(3000),
    paid: money(2500),
    howToRedeem: { title: 'Book with the merchant before you go', steps: ['Contact the merchant to book.'] },
    deal: DEAL,
    returnable: false,
    return: null,
    gift: null,
    giftReceived: false,
    expiredCredit: null,
    // Not goods marked sent (issue 17 point 5).
    sent: null,
    // Not booked on a calendar (issue 17 point 4): no booking offer.
    booking: null,
    bookingOptions: null,
    // Not redeemed: no review, none to write (issue 19 point 9).
    reviewable: false,
    review: null,
    ...overrides,
  };
}

function Card() {
  const data = useLazyLoadQuery<renderVoucherQuery>(query, {});
  const voucher = data.node?.VoucherCard_voucher;
  return voucher ? <VoucherCard voucher={voucher} headingId="v1" /> : null;
}

export type RelayMockEnvironment = ReturnType<typeof createMockEnvironment>;

/** Renders the card of `voucher` (its deal, else DEAL, answers every Deal) and waits for it. */
export async function renderVoucher(voucher: Record<string, unknown>) {
  const deal = dealOf(voucher);
  const { environment, user } = renderRoutes(
    [
      {
        path: '/myaccount/vouchers',
        element: (
          <Suspense fallback={<p>Loading</p>}>
            <Card />
          </Suspense>
        ),
      },
    ],
    '/myaccount/vouchers',
  );
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) => MockPayloadGenerator.generate(operation, { Node: () => voucher, Deal: () => deal }));
  });
  await screen.findByRole('heading', { name: deal.title });
  return { environment, user, card: screen.getByRole('article', { name: deal.title }) };
}

const dealOf = (voucher: Record<string, unknown>) => (voucher.deal as typeof DEAL | undefined) ?? DEAL;

/** The input of the mutation waiting for its answer, which is `name`. */
export function pendingInput<Input>(environment: RelayMockEnvironment, name: string): Input {
  const operation = environment.mock.getMostRecentOperation();
  expect(operation.request.node.operation.name).toBe(name);
  return operation.request.variables.input as Input;
}

/** Answers the mutation waiting with `member` (a result union's member with its fields) as its `field` of Mutation. */
export async function answerMutation(environment: RelayMockEnvironment, field: string, member: Record<string, unknown>, deal = DEAL) {
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) => MockPayloadGenerator.generate(operation, { Mutation: () => ({ [field]: member }), Deal: () => deal }));
  });
}
