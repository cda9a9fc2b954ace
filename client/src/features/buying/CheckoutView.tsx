import { isValidPostcode } from '@shop/domain/postcodes';
import { useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { checkoutReducer, checkoutSettled, countdownAt, initialCheckoutState, CHECKOUT_REFRESH_RESET_MS } from '@shop/domain/checkout-status';
import { BUYING_MESSAGES, type CheckoutStatus } from '@shop/domain/buying';
import { isEmail } from '@shop/domain/email';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { fieldId, useFormErrors, type FormError } from '../../ui/form-errors.ts';
import { reportClientError } from '../../errors/report.ts';
import { useRefreshBasketCount } from './basket-count.ts';
import { refreshAuth } from '../accounts/auth.ts';
import { useReloadCheckout, type CheckoutAnswer } from './checkout-result.ts';
import type { BasketAnswer } from './basket-result.ts';
import { useRemoveBasketLineMutation, useSetLineGiftingMutation, useUpdateBasketLineMutation } from './BasketLineMutations.ts';
import { useApplyPromoCodeMutation, useSetVipOptionMutation, useSetWalletUseMutation } from './CheckoutOptionMutations.ts';
import { usePlaceOrderMutation, type PaymentMethod, type PlaceOrderInput } from './PlaceOrderMutations.ts';
import { BasketLines, SmallField, type LineActions } from './BasketLines.tsx';
import { CheckoutHold } from './HoldCountdown.tsx';
import { PromoCodeForm } from './PromoCodeForm.tsx';
import { CheckoutOptions } from './CheckoutOptions.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { DeliveryAddress, EMPTY_ADDRESS, type AddressValue } from './DeliveryAddress.tsx';
import { PaymentChoice, type PaymentSelection, type PaymentChoiceHandle } from './PaymentChoice.tsx';
import { ExpressCheckout } from './ExpressCheckout.tsx';
import { Toasts, useToasts } from './Toasts.tsx';
import { newIdempotencyKey } from './idempotency.ts';
import { goToConfirmation } from './paths.ts';
import type { CheckoutView_checkout$key } from '../../__generated__/CheckoutView_checkout.graphql';

/** The form's fields by label (the error summary's links, in the page's order). */
const FIELDS: Record<string, string> = {
  express: 'Express checkout',
  email: 'Email address',
  'address.name': 'Full name',
  'address.line1': 'Address line 1',
  'address.line2': 'Address line 2',
  'address.town': 'Town or city',
  'address.county': 'County',
  'address.postcode': 'Postcode',
  payment: 'Payment method',
};

/** A server field name as this form knows it. */
function formField(field: string | null | undefined): string | null {
  if (!field) return null;
  const f = field.replace(/^input\./, '');
  if (f.startsWith('deliveryAddress.')) return `address.${f.slice('deliveryAddress.'.length)}`;
  if (['paymentToken', 'method', 'savedInstrumentId', 'expectedCashAmount'].includes(f)) return 'payment';
  return f;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

type Attempt = { key: string; input: Omit<PlaceOrderInput, 'idempotencyKey'>; fingerprint: string };

/**
 * The basket and checkout page (spec §3 checkout data, §4 checkout status, §8 messages): the
 * lines with quantity, remove and gifting; promo code; wallet credit; the VIP offer; the hold's
 * countdown; the order summary; the guest's email; the delivery address; the payment method and
 * the provider's hosted fields; then placeOrder with one idempotency key per attempt.
 */
export function CheckoutView({ checkout, countdown, viewer }: { checkout: CheckoutView_checkout$key; countdown: number; viewer: { id: string; email: string } | null }) {
  const data = useFragment<CheckoutView_checkout$key>(
    graphql`
      fragment CheckoutView_checkout on Checkout {
        needsDeliveryAddress
        pendingOrderNumber
        canPay
        isTravelValid
        # vipOffer.checked: a VIP membership paid for with the order is the shopper's at once
        vipOffer {
          checked
        }
        orderSummary {
          cashAmount {
            amount
            formatted
          }
          walletCredit {
            amount
            formatted
          }
        }
        paymentOptions {
          method
          available
          reason
          express
        }
        savedInstruments {
          ...PaymentChoice_instruments
        }
        # the lines' titles name them in the error summary; soldOut says why paying waits
        basket {
          lines {
            productId
            soldOut
            title
            deal {
              title
            }
          }
        }
        ...HoldCountdown_checkout
        ...BasketLines_checkout
        ...PromoCodeForm_checkout
        ...CheckoutOptions_checkout
        ...OrderSummary_checkout
      }
    `,
    checkout,
  );
  const updateBasketLine = useUpdateBasketLineMutation();
  const removeBasketLine = useRemoveBasketLineMutation();
  const setLineGifting = useSetLineGiftingMutation();
  const applyPromoCode = useApplyPromoCodeMutation();
  const setWalletUse = useSetWalletUseMutation();
  const setVipOption = useSetVipOptionMutation();
  const [placeOrder] = usePlaceOrderMutation();
  const reloadCheckout = useReloadCheckout();
  const refreshBasketCount = useRefreshBasketCount();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);
  const settled = checkoutSettled(state);
  const [loadedAt] = useState(() => ({ countdown, now: Date.now() }));
  useEffect(() => dispatch({ type: 'loaded', countdown: loadedAt.countdown, now: loadedAt.now }), [loadedAt]);
  const now = useNow(state.holdEndsAt !== null);
  const seconds = countdownAt(state, now);
  const { toasts, show: showToast } = useToasts();
  const form = useFormErrors();
  const [lineErrors, setLineErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [email, setEmail] = useState('');
  const [address, setAddress] = useState<AddressValue>(EMPTY_ADDRESS);
  const [paying, setPaying] = useState<'idle' | 'paying' | 'succeeded'>('idle');
  const attempt = useRef<Attempt | null>(null);
  const payment = useRef<PaymentChoiceHandle>(null);

  // Spec §4: after a refresh, the countdown resets and the status is ready after 4 seconds (also on error).
  useEffect(() => {
    if (state.status !== 'refreshed') return;
    const timer = setTimeout(() => dispatch({ type: 'reset' }), CHECKOUT_REFRESH_RESET_MS);
    return () => clearTimeout(timer);
  }, [state.status]);

  const lineError = useCallback((productId: number, message: string | null) => {
    setLineErrors((errors) => {
      const next = new Map(errors);
      if (message) next.set(productId, message);
      else next.delete(productId);
      return next;
    });
  }, []);

  /** One change to the basket: updating, the request, then the checkout read again; ready after. */
  const changeBasket = useCallback(
    async (productId: number, request: () => Promise<BasketAnswer>): Promise<boolean> => {
      dispatch({ type: 'update' });
      try {
        const result = await request();
        if (!result.ok) {
          lineError(productId, result.message || BUYING_MESSAGES.somethingWrong);
          dispatch({ type: 'updated', now: Date.now() });
          return false;
        }
        lineError(productId, null);
        if (result.toast) showToast(result.toast);
        const reloaded = await reloadCheckout(false);
        dispatch({ type: 'updated', countdown: reloaded.ok ? reloaded.countdown : undefined, now: Date.now() });
        return true;
      } catch (error) {
        reportClientError(error);
        lineError(productId, BUYING_MESSAGES.somethingWrong);
        dispatch({ type: 'failed' });
        return false;
      }
    },
    [lineError, showToast, reloadCheckout],
  );

  const actions: LineActions = {
    settled,
    setQuantity: (productId, quantity) => void changeBasket(productId, () => updateBasketLine({ input: { productId, quantity } })),
    remove: (productId) => void changeBasket(productId, () => removeBasketLine({ input: { productId } })),
    setGifting: (productId, gifting, recipient) => changeBasket(productId, () => setLineGifting({ input: { productId, gifting, recipient } })),
  };

  /** A change of the checkout's options (promo code, wallet, VIP): the answer is the checkout. */
  async function changeOptions(request: () => Promise<CheckoutAnswer>, field: string) {
    dispatch({ type: 'update' });
    try {
      const result = await request();
      if (!result.ok) form.show([{ field, message: result.message || BUYING_MESSAGES.somethingWrong }]);
      dispatch({ type: 'updated', countdown: result.ok ? result.countdown : undefined, now: Date.now() });
    } catch (error) {
      reportClientError(error);
      form.show([{ field: null, message: BUYING_MESSAGES.somethingWrong }]);
      dispatch({ type: 'failed' });
    }
  }

  async function refresh() {
    dispatch({ type: 'refresh' });
    try {
      const result = await reloadCheckout(true);
      if (result.ok) dispatch({ type: 'refreshed', countdown: result.countdown, now: Date.now() });
      else {
        form.show([{ field: null, message: result.message || BUYING_MESSAGES.holdExpired }]);
        dispatch({ type: 'failed' });
      }
    } catch (error) {
      reportClientError(error);
      dispatch({ type: 'failed' });
    }
  }

  const lines = data.basket.lines;
  // The methods as the payment step and the express buttons take them.
  const paymentOptions = data.paymentOptions.map((o) => ({ method: o.method, available: o.available, reason: o.reason, express: o.express }));
  const cash = data.orderSummary.cashAmount.amount;
  const holdEnded = state.holdEndsAt !== null && seconds <= 0;

  /** The details the order needs, checked here first (the server checks them again). */
  function checkDetails(): FormError[] {
    const errors: FormError[] = [];
    if (!viewer) {
      if (!email.trim()) errors.push({ field: 'email', message: BUYING_MESSAGES.required });
      else if (!isEmail(email)) errors.push({ field: 'email', message: BUYING_MESSAGES.email });
    }
    if (data.needsDeliveryAddress) {
      for (const key of ['name', 'line1', 'town'] as const) if (!address[key].trim()) errors.push({ field: `address.${key}`, message: BUYING_MESSAGES.required });
      if (!address.postcode.trim()) errors.push({ field: 'address.postcode', message: BUYING_MESSAGES.required });
      else if (!isValidPostcode(address.postcode)) errors.push({ field: 'address.postcode', message: BUYING_MESSAGES.postcode });
    }
    return errors;
  }

  /**
   * Places the order with what the payment step gave (a token, a saved instrument, or nothing when
   * wallet credit pays all). A refusal shows at `paymentField`: the form's payment step, or the
   * express area when an express button was used.
   */
  async function pay(selection: PaymentSelection, paymentField: 'payment' | 'express' = 'payment'): Promise<void> {
    const input: Omit<PlaceOrderInput, 'idempotencyKey'> = {
      method: selection.method,
      paymentToken: selection.token,
      savedInstrumentId: selection.savedInstrumentId,
      saveInstrument: selection.saveInstrument,
      email: viewer ? null : email.trim(),
      expectedCashAmount: cash,
      deliveryAddress: data.needsDeliveryAddress
        ? { name: address.name.trim(), line1: address.line1.trim(), line2: address.line2.trim() || null, town: address.town.trim(), county: address.county.trim() || null, postcode: address.postcode.trim() }
        : null,
    };
    // A retry of the same attempt (its answer never came) reuses its key: never a second order or charge.
    const fingerprint = JSON.stringify(input);
    const current = attempt.current && attempt.current.fingerprint === fingerprint ? attempt.current : { key: newIdempotencyKey(), input, fingerprint };
    attempt.current = current;
    setPaying('paying');
    form.clear();
    let result;
    try {
      result = await placeOrder({ input: { ...current.input, idempotencyKey: current.key } });
    } catch (error) {
      reportClientError(error);
      setPaying('idle');
      // Kept: pressing Pay again sends the same attempt.
      form.show([{ field: null, message: BUYING_MESSAGES.requestProblem }]);
      return;
    }
    attempt.current = null;
    refreshBasketCount();
    switch (result.__typename) {
      case 'OrderPlaced':
      case 'OrderPending':
        setPaying('succeeded');
        if (result.__typename === 'OrderPlaced' && data.vipOffer?.checked) refreshAuth();
        await goToConfirmation(navigate, result);
        return;
      case 'StockError':
        setPaying('idle');
        if (result.productId != null) lineError(result.productId, result.message);
        form.show([{ field: result.productId != null ? `line-${result.productId}` : null, message: result.message }]);
        void reloadCheckout(false).catch(reportClientError);
        return;
      case 'PaymentError':
      case 'ValidationError':
      case 'NotFoundError':
        setPaying('idle');
        // A one-time token is spent whatever the outcome: the card form starts again.
        payment.current?.reset();
        {
          // An order of this basket still waits for its payment's answer: said where the shopper paid.
          const pendingElsewhere = result.__typename === 'ValidationError' && result.code === 'IDEMPOTENCY_CONFLICT' && !result.field;
          form.show([{ field: result.__typename === 'PaymentError' || pendingElsewhere ? paymentField : formField(result.field), message: result.message }]);
        }
        if (result.__typename === 'ValidationError' && result.code === 'PRICE_CHANGED') void reloadCheckout(false).catch(reportClientError);
        return;
      default:
        setPaying('idle');
        form.show([{ field: null, message: BUYING_MESSAGES.somethingWrong }]);
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (paying !== 'idle' || !settled) return;
    const errors = checkDetails();
    if (holdEnded) errors.push({ field: null, message: BUYING_MESSAGES.holdExpired });
    if (errors.length > 0) return form.show(errors);
    // The payment step gives its selection (a card's nonce, an approval's token) or its own error.
    void payment.current?.submit().then((outcome) => {
      if (outcome.kind === 'error') form.show([{ field: 'payment', message: outcome.message }]);
      else if (outcome.kind === 'ready') void pay(outcome.selection);
    });
  }

  /** An express button: the same checks as Pay, then the wallet's approval page, then the order. */
  function onExpress(method: PaymentMethod) {
    if (paying !== 'idle' || !settled) return;
    const errors = checkDetails();
    if (holdEnded) errors.push({ field: null, message: BUYING_MESSAGES.holdExpired });
    if (errors.length > 0) return form.show(errors);
    form.clear();
    void payment.current?.approve(method).then((outcome) => {
      if (outcome.kind === 'error') form.show([{ field: 'express', message: outcome.message }]);
      else if (outcome.kind === 'ready') void pay(outcome.selection, 'express');
    });
  }

  /** The address as typed or as the postcode lookup filled it: a field given a value loses its 'Required field'. */
  function changeAddress(next: AddressValue) {
    setAddress(next);
    form.dismiss((Object.keys(next) as (keyof AddressValue)[]).filter((key) => next[key].trim() !== '' && next[key] !== address[key]).map((key) => `address.${key}`));
  }

  const status = statusText(state.status, paying);
  const fields: Record<string, string> = { ...FIELDS };
  for (const line of lines) fields[`line-${line.productId}`] = line.deal?.title ?? line.title;
  const errorOf = (field: string) => form.of(field)[0];

  if (lines.length === 0 && paying === 'idle') return <EmptyBasket />;

  return (
    <div className="checkout">
      <ErrorSummary errors={form.errors} attempt={form.attempt} fields={fields} />
      <p className="checkout__status" role="status" aria-live="polite" data-testid="checkout-status">
        {status}
      </p>
      <div className="checkout__layout">
        <div className="checkout__main">
          <CheckoutHold
            checkout={data}
            seconds={state.holdEndsAt === null ? countdown : seconds}
            status={state.status}
            failed={state.error}
            onRefresh={() => void refresh()}
          />
          {cash > 0 ? (
            <ExpressCheckout
              options={paymentOptions}
              guest={!viewer}
              disabled={!settled || !data.canPay || holdEnded}
              busy={paying !== 'idle'}
              error={errorOf('express')}
              onExpress={onExpress}
            />
          ) : null}
          <section className="checkout-section" aria-labelledby="basket-title">
            <h2 id="basket-title" className="checkout-section__title">
              Your items
            </h2>
            <BasketLines checkout={data} actions={actions} errors={lineErrors} />
          </section>

          <section className="checkout-section" aria-labelledby="extras-title">
            <h2 id="extras-title" className="checkout-section__title">
              Offers and credit
            </h2>
            <PromoCodeForm checkout={data} settled={settled} onApply={(code) => changeOptions(() => applyPromoCode({ input: { code } }), 'promoCode')} />
            <CheckoutOptions
              checkout={data}
              signedIn={viewer !== null}
              settled={settled}
              errorOf={errorOf}
              onWallet={(use) => changeOptions(() => setWalletUse({ input: { use } }), 'wallet')}
              onVip={(checked) => changeOptions(() => setVipOption({ input: { checked } }), 'vip')}
            />
          </section>

          <form className="checkout-form" noValidate onSubmit={onSubmit} aria-label="Pay for your order">
            <section className="checkout-section" aria-labelledby="details-title">
              <h2 id="details-title" className="checkout-section__title">
                Your details
              </h2>
              {viewer ? (
                <p>
                  Your vouchers will be emailed to <strong>{viewer.email}</strong> and kept in your account.
                </p>
              ) : (
                <>
                  <SmallField
                    id={fieldId('email')}
                    label="Email address"
                    hint="We email your vouchers here."
                    value={email}
                    onChange={setEmail}
                    error={errorOf('email')}
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                  />
                  <p className="checkout__signin">
                    Have an account? <Link to={`/login?${new URLSearchParams({ redirect: '/checkout' })}`}>Sign in</Link> to use your wallet and saved cards.
                  </p>
                </>
              )}
              {data.needsDeliveryAddress ? <DeliveryAddress value={address} onChange={changeAddress} errors={errorOf} /> : null}
            </section>

            <section className="checkout-section" aria-labelledby="payment-title">
              <h2 id="payment-title" className="checkout-section__title">
                Payment
              </h2>
              <PaymentChoice
                ref={payment}
                cashAmount={data.orderSummary.cashAmount}
                options={paymentOptions}
                instruments={viewer ? data.savedInstruments : []}
                signedIn={viewer !== null}
                email={viewer ? null : email.trim() || null}
                error={errorOf('payment')}
                disabled={paying !== 'idle'}
              />
            </section>

            <div className="checkout__pay">
              <p className="checkout__recap">
                <span>To pay now</span> <strong>{data.orderSummary.cashAmount.formatted}</strong>
                {data.orderSummary.walletCredit.amount > 0 ? <span className="checkout__recap-note"> after {data.orderSummary.walletCredit.formatted} wallet credit</span> : null}
              </p>
              {data.pendingOrderNumber ? (
                <p className="checkout__blocked">Order {data.pendingOrderNumber} is being confirmed: please do not pay again.</p>
              ) : !data.canPay ? (
                <p className="checkout__blocked">
                  Please change your basket first: {lines.some((l) => l.soldOut) ? 'an option has sold out.' : !data.isTravelValid ? 'the dates of a stay have passed.' : 'a line cannot be bought as it stands.'}
                </p>
              ) : null}
              <button
                type="submit"
                className="button button--primary button--large checkout__pay-button"
                disabled={!data.canPay || holdEnded}
                aria-busy={paying === 'paying' || undefined}
                aria-disabled={!settled || paying !== 'idle' || undefined}
              >
                {paying === 'paying' ? <span className="spinner" aria-hidden="true" /> : null}
                {paying === 'paying' ? BUYING_MESSAGES.makingPayment : cash > 0 ? `Pay ${data.orderSummary.cashAmount.formatted}` : 'Place order'}
              </button>
              <p className="checkout__secure">
                Secure payment: your card details go straight to our payment provider and are never stored by Thistle Deals. Pressing Pay twice never charges you twice.
              </p>
            </div>
          </form>
        </div>
        <aside className="checkout__aside" aria-label="Order summary">
          <OrderSummary checkout={data} />
          <p className="checkout__help">
            Vouchers are emailed straight after payment. <Link to="/page/e-commerceterms">Terms of sale</Link>
          </p>
        </aside>
      </div>
      <Toasts toasts={toasts} />
    </div>
  );
}

/** Spec §8 status texts: 'Please wait...' while loading or updating, 'Making payment...', 'Purchase Successful'. */
function statusText(status: CheckoutStatus, paying: 'idle' | 'paying' | 'succeeded'): string {
  if (paying === 'paying') return BUYING_MESSAGES.makingPayment;
  if (paying === 'succeeded') return BUYING_MESSAGES.purchaseSuccessful;
  if (status === 'loading' || status === 'updating' || status === 'refreshing') return BUYING_MESSAGES.pleaseWait;
  return '';
}

export function EmptyBasket({ message = BUYING_MESSAGES.basketEmpty }: { message?: string }) {
  return (
    <div className="checkout-empty">
      <p className="checkout-empty__text">{message}</p>
      <p>Find something you’ll love and it will wait for you here.</p>
      <p>
        <Link className="button button--primary" to="/deals/glasgow">
          Browse deals
        </Link>
      </p>
    </div>
  );
}
