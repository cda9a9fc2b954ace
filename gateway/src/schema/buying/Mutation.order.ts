/**
 * Paying (spec §3 order request and response, §7 payment calls, §8 messages):
 *
 * - startPayment: what the browser needs to tokenise with the provider's sandbox (Braintree client
 *   token, Klarna session, Clearpay checkout); the card details never reach our API.
 * - placeOrder: POST /checkout/{basketToken}/order with the shopper's idempotency key in the
 *   Idempotency-Key header, so a retry never makes a second order or charge (the service replays
 *   the first answer). 201 → OrderPlaced 'Purchase Successful'; 202 → OrderPending; 402 →
 *   PaymentError in the spec §8 words; 409 → StockError (sold out, not enough, limit, hold ran
 *   out) or PaymentError (still in flight); a changed price or a reused key with another body →
 *   ValidationError naming the field.
 * - expressBuy (POST express-buy-token), placeExpressOrder (POST express-buy/{token}/order: the
 *   token's option paid with a saved instrument) and buyOrderAddon (the VVE add-on after purchase).
 *
 * A guest's order is readable afterwards through the access token the service issued, kept in an
 * HttpOnly cookie (shopper.ts), so the confirmation page can be reloaded.
 */
import { BUYING_MESSAGES, messageFor, methodOfInstrument, PROVIDER_OF_METHOD, type PaymentMethod, type PaymentProviderName } from '@shop/domain';
import { enumValue } from '../mappers.ts';
import type { PlaceOrderAnswer } from '../../clients/checkout.client.ts';
import type { GatewayContext } from '../../context.ts';
import { fromGlobalId } from '../../relay/global-id.ts';
import type { Resolver } from '../types.ts';
import { BuyOrderAddonInput, check, ExpressBuyInput, PlaceExpressOrderInput, PlaceOrderInput, StartPaymentInput } from './inputs.ts';
import { loadOrder, validityExtensionOffer, type OrderParent } from './Order.ts';
import { heldVoucherByAnyId } from '../vouchers/Voucher.extension.ts';
import { basketNotFound, EXPRESS_BUY_ERRORS, fromServiceError, notFound, ORDER_ERRORS, problemMember, START_PAYMENT_ERRORS, validationError, type MemberOf } from './results.ts';
import { currentBasket, forgetCurrentBasket, identity, orderAccessToken, rememberOrderAccess } from './shopper.ts';

type PlaceOrderResult = { __typename: 'OrderPlaced' | 'OrderPending'; order: OrderParent; message: string } | MemberOf<(typeof ORDER_ERRORS)[number]>;

/** Where the browser finds each provider's sandbox page or script (same origin as the shop). */
export const SANDBOX_PATHS = { braintree: '/sandbox/braintree', klarna: '/sandbox/klarna', clearpay: '/sandbox/clearpay' } as const;

/** The saved instrument's own id from its global id; null when it is not a PaymentInstrument id. */
function instrumentKey(globalId: string | null): string | null | false {
  if (globalId === null) return null;
  const parsed = fromGlobalId(globalId);
  return parsed && parsed.type === 'PaymentInstrument' ? parsed.key : false;
}

/** The answer of an order call as the union member. */
async function orderResult(ctx: GatewayContext, answer: PlaceOrderAnswer, guest: boolean): Promise<PlaceOrderResult> {
  // A guest reads the order again with the access token the service issued with it.
  if (answer.kind !== 'problem' && guest && answer.order.accessToken) rememberOrderAccess(ctx, answer.order.id, answer.order.accessToken);
  if (answer.kind === 'placed') return { __typename: 'OrderPlaced', order: answer.order, message: BUYING_MESSAGES.purchaseSuccessful };
  if (answer.kind === 'pending') return { __typename: 'OrderPending', order: answer.order, message: BUYING_MESSAGES.paymentPending };
  if (answer.code === 'IDEMPOTENCY_CONFLICT' && answer.status === 422) {
    return validationError('idempotencyKey', 'This key was used for a different order. Start a new payment.');
  }
  const member = problemMember(answer, { allowed: ORDER_ERRORS, fieldAliases: { 'payment.token': 'paymentToken', 'payment.method': 'method', 'payment.savedInstrumentId': 'savedInstrumentId', expectedTotal: 'expectedCashAmount', cashAmount: 'expectedCashAmount' } });
  if (member) return member;
  throw new Error(`Unexpected order answer ${answer.status} ${answer.code}`);
}

export const placeOrder: Resolver<unknown, { input: unknown }, Promise<PlaceOrderResult>> = async (_p, { input }, ctx) => {
  const parsed = check(PlaceOrderInput, input);
  if (!parsed.ok) return parsed.error;
  const data = parsed.data;
  const savedInstrumentId = instrumentKey(data.savedInstrumentId);
  if (savedInstrumentId === false) return notFound('NOT_FOUND', 'savedInstrumentId');
  try {
    const { customerToken, vipUser, email, guestToken } = await identity(ctx);
    if (!customerToken && !data.email) return validationError('email', BUYING_MESSAGES.required);
    if (!customerToken && savedInstrumentId) return notFound('NOT_FOUND', 'savedInstrumentId');
    const place = (basketId: string) =>
      ctx.clients.checkout.placeOrder(basketId, { customerToken, vipUser }, data.idempotencyKey, {
        expectedCashAmount: data.expectedCashAmount,
        payment: { method: data.method, token: data.paymentToken, savedInstrumentId, saveInstrument: customerToken ? data.saveInstrument : false },
        // A signed-in customer's vouchers go to their account email, whatever the input says.
        email: customerToken ? email : data.email,
        deliveryAddress: data.deliveryAddress,
      });
    // A guest's cookie names the basket, and the checkout service checks it (an unknown basket or
    // someone else's is a 404), so the basket is read first only when that fails: to report and
    // replace a stale cookie (spec §8). Saves a basket read on every guest order (bench B10).
    let answer = !customerToken && guestToken ? await place(guestToken) : null;
    if (!answer || (answer.kind === 'problem' && answer.status === 404 && answer.code === 'BASKET_NOT_FOUND')) {
      const basket = await currentBasket(ctx);
      if (!basket) return basketNotFound();
      if (!answer || basket.id !== guestToken) answer = await place(basket.id);
    }
    // The paid lines left the basket: a later read in this request (only if the document asks) sees the service's.
    if (answer.kind === 'placed') forgetCurrentBasket(ctx);
    return await orderResult(ctx, answer, customerToken === null);
  } catch (error) {
    return fromServiceError(error, { allowed: ORDER_ERRORS });
  }
};

type StartPaymentResult =
  | { __typename: 'PaymentSession'; method: ReturnType<typeof enumValue<PaymentMethod>>; provider: Uppercase<PaymentProviderName>; clientToken: string; sandboxUrl: string }
  | MemberOf<(typeof START_PAYMENT_ERRORS)[number]>;

export const startPayment: Resolver<unknown, { input: unknown }, Promise<StartPaymentResult>> = async (_p, { input }, ctx) => {
  const parsed = check(StartPaymentInput, input);
  if (!parsed.ok) return parsed.error;
  const method = parsed.data.method;
  const provider = PROVIDER_OF_METHOD[method];
  try {
    const { customerToken, vipUser } = await identity(ctx);
    const basket = await currentBasket(ctx);
    if (!basket) return basketNotFound();
    const view = await ctx.clients.checkout.view(basket.id, { customerToken, vipUser });
    if (!view) return basketNotFound();
    const offered = view.userInfo.paymentOptions.methods.find((m) => m.method === method);
    if (offered && !offered.available) return { __typename: 'PaymentError', code: 'PAYMENT_METHOD_UNAVAILABLE', message: messageFor('PAYMENT_METHOD_UNAVAILABLE'), field: 'method', retryable: true };
    const amount = view.orderSummary.cashAmount.amount;
    const email = parsed.data.email ?? (await identity(ctx)).email;
    if (provider === 'clearpay' && !email) return validationError('email', BUYING_MESSAGES.required);
    const session = await ctx.clients.payment.startSession({ kind: provider, amount, orderRef: basket.id, email });
    if ('refused' in session) {
      return { __typename: 'PaymentError', code: 'PAYMENT_METHOD_UNAVAILABLE', message: messageFor('PAYMENT_METHOD_UNAVAILABLE'), field: 'method', retryable: true };
    }
    return { __typename: 'PaymentSession', method: enumValue(method), provider: enumValue(provider), clientToken: session.clientToken, sandboxUrl: session.sandboxUrl ?? SANDBOX_PATHS[provider] };
  } catch (error) {
    return fromServiceError(error, { allowed: START_PAYMENT_ERRORS });
  }
};

type ExpressBuyResult = { __typename: 'ExpressBuyToken'; token: string; price: { amount: number; currency: 'GBP' }; expiresAt: string } | { __typename: 'ExpressBuyIneligibleError'; code: 'EXPRESS_BUY_INELIGIBLE'; message: string; field: string | null; hint: string } | MemberOf<(typeof EXPRESS_BUY_ERRORS)[number]>;

export const expressBuy: Resolver<unknown, { input: unknown }, Promise<ExpressBuyResult>> = async (_p, { input }, ctx) => {
  const parsed = check(ExpressBuyInput, input);
  if (!parsed.ok) return parsed.error;
  // A signed-in shopper's token is made for their account email (the express order checks it).
  const { customerToken, email: accountEmail } = await identity(ctx);
  const email = customerToken && accountEmail ? accountEmail : parsed.data.email;
  if (!email) return validationError('email', BUYING_MESSAGES.required);
  const answer = await ctx.clients.checkout.expressBuyToken({ ...parsed.data, email });
  if ('token' in answer) return { __typename: 'ExpressBuyToken', token: answer.token.token, price: { amount: answer.token.price, currency: 'GBP' }, expiresAt: answer.token.expiresAt };
  const { problem } = answer;
  if (problem.code === 'EXPRESS_BUY_INELIGIBLE' || problem.status === 404 || problem.status === 409) {
    // Spec §8: the words and the hint, whatever made the deal ineligible (also an unknown deal).
    return { __typename: 'ExpressBuyIneligibleError', code: 'EXPRESS_BUY_INELIGIBLE', message: BUYING_MESSAGES.expressBuyIneligible, field: 'dealId', hint: BUYING_MESSAGES.expressBuyHint };
  }
  const member = problemMember(problem, { allowed: EXPRESS_BUY_ERRORS, fieldAliases: { 'expressBuyTokenRequest.email': 'email' } });
  if (member) return member;
  throw new Error(`Unexpected express-buy answer ${problem.status} ${problem.code}`);
};

export const placeExpressOrder: Resolver<unknown, { input: unknown }, Promise<PlaceOrderResult>> = async (_p, { input }, ctx) => {
  const parsed = check(PlaceExpressOrderInput, input);
  if (!parsed.ok) return parsed.error;
  const data = parsed.data;
  const savedInstrumentId = instrumentKey(data.savedInstrumentId);
  if (!savedInstrumentId) return notFound('NOT_FOUND', 'savedInstrumentId');
  try {
    const { customerToken, vipUser, email } = await identity(ctx);
    if (!customerToken) return validationError('expressBuyToken', 'Sign in to use Express Buy.');
    // The instrument is the viewer's own (another's is refused like an unknown one), and says how it pays.
    const instrument = (await ctx.clients.payment.instruments(customerToken)).find((i) => i.id === savedInstrumentId);
    if (!instrument) return notFound('NOT_FOUND', 'savedInstrumentId');
    const answer = await ctx.clients.checkout.placeExpressOrder(data.expressBuyToken, { customerToken, vipUser }, data.idempotencyKey, {
      expectedCashAmount: data.expectedCashAmount,
      payment: { method: methodOfInstrument(instrument.type), savedInstrumentId },
      email,
    });
    if (answer.kind === 'problem' && answer.code === 'EXPRESS_BUY_INELIGIBLE') {
      return validationError('expressBuyToken', `${BUYING_MESSAGES.expressBuyIneligible} ${BUYING_MESSAGES.expressBuyHint}`, 'EXPRESS_BUY_INELIGIBLE');
    }
    return await orderResult(ctx, answer, false);
  } catch (error) {
    return fromServiceError(error, { allowed: ORDER_ERRORS });
  }
};

export const buyOrderAddon: Resolver<unknown, { input: unknown }, Promise<PlaceOrderResult>> = async (_p, { input }, ctx) => {
  const parsed = check(BuyOrderAddonInput, input);
  if (!parsed.ok) return parsed.error;
  const data = parsed.data;
  const savedInstrumentId = instrumentKey(data.savedInstrumentId);
  if (savedInstrumentId === false) return notFound('NOT_FOUND', 'savedInstrumentId');
  try {
    const { customerToken } = await identity(ctx);
    // Only an order this shopper may read (Z3: another's order is refused like an unknown one, before any payment).
    const owned = await loadOrder(ctx, data.orderNumber);
    if (!owned) return notFound('NOT_FOUND', 'orderNumber');
    const whole = validityExtensionOffer(owned);
    if (owned.status !== 'PAID' || !whole) return validationError('orderNumber', 'This order cannot be extended.');
    let offer: { months: number; price: number; voucherId?: string } = whole;
    if (data.voucherId) {
      // One voucher (the validity extension page, issue 16 point 7): the holder's own voucher of
      // this order, by the months it still has room for, at the price the page showed.
      if (!customerToken) return validationError('voucherId', 'Sign in to extend a voucher.');
      const held = await heldVoucherByAnyId(ctx, data.voucherId);
      const extension = held ? await ctx.clients.vouchers.extension(customerToken, held.id) : null;
      if (!extension || extension.orderNumber !== owned.orderNumber) return notFound('NOT_FOUND', 'voucherId');
      if (extension.unavailable) return validationError('voucherId', extension.unavailable.message);
      if (data.months === null) return validationError('months', 'Choose how many months to add.');
      const option = extension.options.find((o) => o.months === data.months);
      if (!option) return validationError('months', `This voucher can be extended by ${extension.monthsLeft} more month${extension.monthsLeft === 1 ? '' : 's'} at most.`);
      offer = { months: option.months, price: option.price.amount, voucherId: extension.voucherId };
    }
    const accessToken = customerToken ? null : orderAccessToken(ctx, owned.id);
    const answer = await ctx.clients.checkout.orderAddon(
      data.idempotencyKey,
      { customerToken, accessToken },
      {
        orderNumber: owned.orderNumber,
        addonType: data.addonType,
        months: offer.months,
        ...(offer.voucherId ? { voucherId: offer.voucherId } : {}),
        // The price shown with the offer: the service answers PRICE_CHANGED when it differs.
        expectedCashAmount: offer.price,
        payment: { method: data.method, token: data.paymentToken, savedInstrumentId: customerToken ? savedInstrumentId : null, saveInstrument: false },
      },
    );
    return await orderResult(ctx, answer, customerToken === null);
  } catch (error) {
    return fromServiceError(error, { allowed: ORDER_ERRORS });
  }
};
