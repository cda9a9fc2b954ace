/**
 * "Gift this voucher" on a card (issue 16 point 8), against relay-test-utils' mock environment:
 * a disclosure whose form checks the recipient's name and email before anything is sent, sends
 * giftVoucher with what was typed, shows the service's refusal at the field it names, and once
 * sent the card says so ("Gift sent …, not yet claimed"); nothing for a voucher that cannot be
 * gifted.
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
import type { VoucherGiftTestQuery } from '../../__generated__/VoucherGiftTestQuery.graphql';

const query = graphql`
  query VoucherGiftTestQuery @relay_test_operation {
    node(id: "test") {
      ...VoucherCard_voucher @alias
    }
  }
`;

const VOUCHER_ID = 'Vm91Y2hlcjpUMTAwMDQyOnRlc3Q=';
const DEAL = { title: 'Afternoon tea at the Willow', url: '/deals/glasgow/afternoon-tea/classic-afternoon-tea/7/willow.html', image: { url: '/img/7.jpg', width: 640, height: 400 } };
const money = (amount: number) => ({ amount, currency: 'GBP', formatted: `£${amount / 100}` });

function voucherData(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Voucher',
    id: VOUCHER_ID,
    code: 'K7QZ2M-9TXB4R-WC3HDN',
    redemptionLink: 'http://shop.test/merchant/redeem/6f1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f60.signature',
    status: 'Ready to Redeem',
    statusCode: 'READY_TO_REDEEM',
    statusDescription: 'print the voucher and use it to redeem',
    title: 'Afternoon tea for two',
    expiresAt: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    recipientName: null,
    orderNumber: 'T100042',
    refundableUntil: new Date(Date.now() - 86_400_000).toISOString(),
    price: money(3000),
    paid: money(2500),
    howToRedeem: { title: 'Book with the merchant before you go', steps: ['Contact the merchant to book.'] },
    deal: DEAL,
    returnable: false,
    return: null,
    gift: null,
    // Not expired (VoucherExpiredCredit.test.tsx has the offer).
    expiredCredit: null,
    ...overrides,
  };
}

function Harness() {
  const data = useLazyLoadQuery<VoucherGiftTestQuery>(query, {});
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

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});

describe('VoucherGift', () => {
  it('opens a form, checks name and email first, sends the gift, and the card says it was sent and not yet claimed', async () => {
    const { environment, user, card } = await renderCard();
    const open = within(card).getByRole('button', { name: 'Gift this voucher' });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const form = within(card).getByRole('form', { name: 'Gift this voucher' });
    expect(within(form).getByRole('heading', { name: 'Gift this voucher' })).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Send gift' }));
    expect(within(form).getByRole('textbox', { name: "Recipient's name" })).toHaveAccessibleDescription(/Enter the recipient's name\./);
    expect(within(form).getByRole('textbox', { name: "Recipient's email" })).toHaveAccessibleDescription(/Enter the recipient's email address\./);
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: "Recipient's name" }), 'Rhona');
    await user.type(within(form).getByRole('textbox', { name: "Recipient's email" }), 'rhona@example.co.uk');
    await user.type(within(form).getByRole('textbox', { name: 'Message (optional)' }), 'Enjoy!');
    await user.click(within(form).getByRole('button', { name: 'Send gift' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.operation.name).toBe('GiftMutationsGiftMutation');
    expect(operation.request.variables.input).toEqual({ voucherId: VOUCHER_ID, recipient: { name: 'Rhona', email: 'rhona@example.co.uk', message: 'Enjoy!' } });
    await act(async () => {
      environment.mock.resolveMostRecentOperation((op: OperationDescriptor) =>
        MockPayloadGenerator.generate(op, {
          Mutation: () => ({
            giftVoucher: { __typename: 'VoucherGifted', gift: { recipientName: 'Rhona', recipientEmail: 'rhona@example.co.uk' }, voucher: { id: VOUCHER_ID, gift: { recipientName: 'Rhona', sentAt: '2026-11-27T10:00:00.000Z' } } },
          }),
        }),
      );
    });
    expect(within(card).getByRole('status')).toHaveTextContent('Gift sent: we have emailed Rhona (rhona@example.co.uk) a link to claim it.');
    expect(within(card).queryByRole('button', { name: 'Gift this voucher' })).not.toBeInTheDocument();
  });

  it("shows the service's refusal at the field it names", async () => {
    const { environment, user, card } = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Gift this voucher' }));
    const form = within(card).getByRole('form', { name: 'Gift this voucher' });
    await user.type(within(form).getByRole('textbox', { name: "Recipient's name" }), 'Rhona');
    await user.type(within(form).getByRole('textbox', { name: "Recipient's email" }), 'rhona@example.co.uk');
    await user.click(within(form).getByRole('button', { name: 'Send gift' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation((op: OperationDescriptor) =>
        MockPayloadGenerator.generate(op, { Mutation: () => ({ giftVoucher: { __typename: 'VoucherActionError', code: 'VOUCHER_NOT_GIFTABLE', message: messageFor('VOUCHER_NOT_GIFTABLE'), field: null } }) }),
      );
    });
    expect(within(form).getByText(messageFor('VOUCHER_NOT_GIFTABLE'), { selector: 'a, li, p' })).toBeVisible();
  });

  it('a gift on its way says so, with no second gifting', async () => {
    const sent = await renderCard({ gift: { recipientName: 'Iona', sentAt: '2026-11-20T10:00:00.000Z' } });
    expect(within(sent.card).getByText('Gift sent to Iona on 20 November 2026, not yet claimed.')).toBeVisible();
    expect(within(sent.card).queryByRole('button', { name: 'Gift this voucher' })).not.toBeInTheDocument();
  });

  it('a redeemed voucher offers no gifting', async () => {
    const { card } = await renderCard({ status: 'Redeemed', statusCode: 'REDEEMED', statusDescription: null });
    expect(within(card).queryByRole('button', { name: 'Gift this voucher' })).not.toBeInTheDocument();
  });
});
