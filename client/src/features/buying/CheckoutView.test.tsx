/**
 * The checkout's handling of what its mutations answer, against relay-test-utils' mock
 * environment (the environment from context, as the page gets it): each error member of
 * placeOrder, applyPromoCode and updateBasketLine is shown where it belongs (the error summary,
 * beside its field, beside its line), and the successes: OrderPlaced and OrderPending go to the
 * order's confirmation page, a changed checkout updates the page by its id.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { fieldId } from '../../ui/form-errors.ts';
import { readCheckoutResult } from './checkout-result.ts';
import { CheckoutView } from './CheckoutView.tsx';
import type { CheckoutViewTestQuery } from '../../__generated__/CheckoutViewTestQuery.graphql';

const query = graphql`
  query CheckoutViewTestQuery @relay_test_operation {
    checkout {
      ...checkoutResult_result
    }
  }
`;

type RelayMockEnvironment = ReturnType<typeof createMockEnvironment>;

const CHECKOUT_ID = 'Q2hlY2tvdXQ6dGVzdA==';
const LINE = 11;

/** A signed-in shopper's checkout of one line, paid by their saved card. */
function checkout(overrides: { quantity?: number; promo?: { code: string; message: string } | null } = {}) {
  const quantity = overrides.quantity ?? 1;
  return {
    __typename: 'Checkout',
    id: CHECKOUT_ID,
    countdown: 300,
    canPay: true,
    isTravelValid: true,
    needsDeliveryAddress: false,
    pendingOrderNumber: null,
    holdLimitReached: false,
    holdAgainAt: null,
    vipOffer: null,
    wallet: null,
    promoCode: overrides.promo ? { ...overrides.promo, applicable: true } : null,
    orderSummary: { cashAmount: { amount: 2500 * quantity, formatted: `£${25 * quantity}` }, walletCredit: { amount: 0, formatted: '£0' } },
    breakdown: { parts: [], total: { amount: 2500 * quantity, formatted: `£${25 * quantity}` }, wallet: { amount: 0 }, payNow: { amount: 2500 * quantity, formatted: `£${25 * quantity}` }, dueLater: [] },
    paymentOptions: [{ method: 'CREDIT_CARD', available: true, reason: null, express: false }],
    savedInstruments: [{ id: 'UGF5bWVudEluc3RydW1lbnQ6MQ==', type: 'CARD', isDefault: true, description: 'Visa ending 1111', expiry: '12/30' }],
    giftingConfig: { giftWrap: { price: { amount: 150, formatted: '£1.50' } }, nextDayGiftPack: null, standardGiftPack: null },
    basket: {
      id: 'QmFza2V0OnRlc3Q=',
      itemCount: quantity,
      lines: [
        {
          productId: LINE,
          title: 'Afternoon tea for two',
          quantity,
          maxQuantity: 5,
          minQuantity: 1,
          soldOut: false,
          payDeposit: false,
          unitPrice: { formatted: '£25' },
          postage: null,
          total: { formatted: `£${25 * quantity}` },
          gifting: 'NONE',
          giftRecipient: null,
          giftPackQuantity: 0,
          giftWrapQuantity: 0,
          deal: { title: 'Afternoon tea at the Willow', url: '/deals/glasgow/afternoon-tea', image: null, merchant: { name: 'The Willow' } },
          product: { title: 'Afternoon tea for two' },
        },
      ],
    },
  };
}

/** The answer of the latest request: its root `field` answers `member` (a result union's member, with its fields). */
async function answer(environment: RelayMockEnvironment, field: string, member: Record<string, unknown>) {
  // Async: the page's handler runs once the mutation's promise settles.
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) =>
      MockPayloadGenerator.generate(operation, { Query: () => ({ [field]: member }), Mutation: () => ({ [field]: member }) }),
    );
  });
}

function Harness() {
  const data = useLazyLoadQuery<CheckoutViewTestQuery>(query, {});
  const result = readCheckoutResult(data.checkout);
  return result.ok ? <CheckoutView checkout={result.view} countdown={result.countdown} viewer={{ id: 'Q3VzdG9tZXI6MQ==', email: 'isla@example.com' }} /> : <p>{result.message}</p>;
}

function Confirmation() {
  return <h1>Confirmation of {useParams().orderNumber}</h1>;
}

let environment: RelayMockEnvironment;

async function renderCheckout() {
  environment = createMockEnvironment();
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <Suspense fallback={<p>Loading</p>}><Harness /></Suspense> },
      { path: '/checkout/confirmation/:orderNumber', element: <Confirmation /> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <RelayEnvironmentProvider environment={environment}>
      <RouterProvider router={router} />
    </RelayEnvironmentProvider>,
  );
  await answer(environment, 'checkout', checkout());
  await screen.findByRole('heading', { name: 'Your items' });
}

/** A summary link names the field first when it helps: the words are matched within it. */
const escape = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const errorSummary = () => screen.getByRole('alert', { name: 'There is a problem' });
const beside = (field: string) => document.getElementById(fieldId(field))!;

describe('CheckoutView: placing the order', () => {
  beforeEach(() => renderCheckout());

  async function pay() {
    await userEvent.click(screen.getByRole('button', { name: 'Pay £25' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.operation.name).toBe('PlaceOrderMutationsCheckoutMutation');
    // The saved card pays: no token, and the amount the shopper saw.
    expect(operation.request.variables.input).toMatchObject({ method: 'CREDIT_CARD', savedInstrumentId: 'UGF5bWVudEluc3RydW1lbnQ6MQ==', paymentToken: null, expectedCashAmount: 2500 });
  }

  it('OrderPlaced goes to the order\'s confirmation page', async () => {
    await pay();
    await answer(environment, 'placeOrder', { __typename: 'OrderPlaced', message: 'Purchase Successful', order: { orderNumber: 'TD100001' } });
    expect(await screen.findByRole('heading', { name: 'Confirmation of TD100001' })).toBeVisible();
  });

  it('OrderPending goes to the confirmation page too (it says the payment is being confirmed)', async () => {
    await pay();
    await answer(environment, 'placeOrder', { __typename: 'OrderPending', message: 'Your payment is being confirmed.', order: { orderNumber: 'TD100002' } });
    expect(await screen.findByRole('heading', { name: 'Confirmation of TD100002' })).toBeVisible();
  });

  it('PaymentError shows in the error summary and at the payment step', async () => {
    await pay();
    await answer(environment, 'placeOrder', { __typename: 'PaymentError', code: 'PAYMENT_DECLINED', message: 'Your card was declined.', field: null, retryable: true });
    expect(within(errorSummary()).getByRole('link', { name: new RegExp(escape('Your card was declined.')) })).toBeVisible();
    expect(within(beside('payment')).getByText('Your card was declined.')).toBeVisible();
  });

  it('StockError shows beside its line and in the summary, and the checkout is read again', async () => {
    await pay();
    await answer(environment, 'placeOrder', { __typename: 'StockError', code: 'INSUFFICIENT_STOCK', message: 'Only 0 left.', field: null, productId: LINE, available: 0 });
    expect(within(beside(`line-${LINE}`)).getByText('Only 0 left.')).toBeVisible();
    expect(within(errorSummary()).getByRole('link', { name: new RegExp(escape('Only 0 left.')) })).toBeVisible();
    expect(environment.mock.getMostRecentOperation().request.node.operation.name).toBe('checkoutResultReloadQuery');
  });

  it('ValidationError about a payment input shows at the payment step', async () => {
    await pay();
    await answer(environment, 'placeOrder', { __typename: 'ValidationError', code: 'VALIDATION_FAILED', message: 'Choose a saved card you have.', field: 'input.savedInstrumentId' });
    expect(within(beside('payment')).getByText('Choose a saved card you have.')).toBeVisible();
    expect(within(errorSummary()).getByRole('link', { name: new RegExp(escape('Choose a saved card you have.')) })).toBeVisible();
  });

  it('NotFoundError (no basket) shows in the error summary alone', async () => {
    await pay();
    await answer(environment, 'placeOrder', { __typename: 'NotFoundError', code: 'BASKET_NOT_FOUND', message: 'Your basket could not be found.', field: null });
    expect(within(errorSummary()).getByText('Your basket could not be found.')).toBeVisible();
    expect(within(beside('payment')).queryByText('Your basket could not be found.')).not.toBeInTheDocument();
  });

  it('a request that fails keeps the attempt: paying again sends the same idempotency key', async () => {
    await pay();
    const first = environment.mock.getMostRecentOperation().request.variables.input.idempotencyKey;
    await act(async () => environment.mock.rejectMostRecentOperation(new Error('network')));
    expect(within(errorSummary()).getByText(BUYING_MESSAGES.requestProblem)).toBeVisible();
    await pay();
    expect(environment.mock.getMostRecentOperation().request.variables.input.idempotencyKey).toBe(first);
  });
});

describe('CheckoutView: promo code and basket changes', () => {
  beforeEach(() => renderCheckout());

  it('applyPromoCode: the answered checkout (same id) shows the code applied; a refusal shows in the summary', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Have a promo code?' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Promo code' }), 'WELCOME10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ input: { code: 'WELCOME10' } });
    await answer(environment, 'applyPromoCode', { __typename: 'RateLimitedError', code: 'RATE_LIMITED', message: 'Too many tries. Please wait a minute.', field: 'code' });
    expect(within(errorSummary()).getByText('Too many tries. Please wait a minute.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await answer(environment, 'applyPromoCode', checkout({ promo: { code: 'WELCOME10', message: '10% off.' } }));
    expect(await screen.findByText('WELCOME10')).toBeVisible();
    expect(screen.getByText(/applied\. 10% off\./)).toBeVisible();
  });

  it('updateBasketLine: a StockError shows beside its line; BasketUpdated shows its toast and the checkout read again', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Add one more Afternoon tea at the Willow' }));
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ input: { productId: LINE, quantity: 2 } });
    await answer(environment, 'updateBasketLine', { __typename: 'StockError', code: 'PURCHASE_LIMIT', message: 'You can buy up to 1 of this option.', field: 'quantity', productId: LINE, available: 1 });
    expect(within(beside(`line-${LINE}`)).getByText('You can buy up to 1 of this option.')).toBeVisible();
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add one more Afternoon tea at the Willow' }));
    await answer(environment, 'updateBasketLine', { __typename: 'BasketUpdated', toast: 'Basket updated', basket: { id: 'QmFza2V0OnRlc3Q=', itemCount: 2 } });
    expect(within(screen.getByTestId('toasts')).getByText('Basket updated')).toBeVisible();
    expect(within(beside(`line-${LINE}`)).queryByText('You can buy up to 1 of this option.')).not.toBeInTheDocument();
    expect(environment.mock.getMostRecentOperation().request.node.operation.name).toBe('checkoutResultReloadQuery');
    await answer(environment, 'checkout', checkout({ quantity: 2 }));
    expect(await screen.findByRole('button', { name: 'Pay £50' })).toBeVisible();
    expect(screen.getByLabelText('Quantity 2')).toHaveValue('2');
  });
});
