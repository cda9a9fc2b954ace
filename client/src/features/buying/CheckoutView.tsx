import { useCallback, useRef, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { useFormErrors } from '../../ui/form-errors.ts';
import { reportClientError } from '../../errors/report.ts';
import { useRefreshBasketCount } from './basket-count.ts';
import { refreshAuth } from '../accounts/auth.ts';
import { useReloadCheckout, type CheckoutAnswer } from './checkout-result.ts';
import type { BasketAnswer } from './basket-result.ts';
import { useRemoveBasketLineMutation, useSetLineGiftingMutation, useUpdateBasketLineMutation } from './BasketLineMutations.ts';
import { useApplyPromoCodeMutation, useSetVipOptionMutation, useSetWalletUseMutation } from './CheckoutOptionMutations.ts';
import { usePlaceOrderMutation, type PaymentMethod, type PlaceOrderInput } from './PlaceOrderMutations.ts';
import { BasketLines, type LineActions } from './BasketLines.tsx';
import { CheckoutHold } from './HoldCountdown.tsx';
import { PromoCodeForm } from './PromoCodeForm.tsx';
import { CheckoutOptions } from './CheckoutOptions.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { CheckoutHelp } from './CheckoutHelp.tsx';
import { YourDetails, useDetails } from './YourDetails.tsx';
import type { PaymentSelection, PaymentChoiceHandle } from './PaymentChoice.tsx';
import { PaymentSection } from './PaymentSection.tsx';
import { PayArea } from './PayArea.tsx';
import { ExpressCheckout } from './ExpressCheckout.tsx';
import { Toasts, useToasts } from './Toasts.tsx';
import { newIdempotencyKey } from './idempotency.ts';
import { goToConfirmation } from './paths.ts';
import { FIELDS, checkDetails, deliveryAddressInput, formField } from './checkout-form.ts';
import { statusText, useCheckoutStatus, useLineErrors, type Paying } from './checkout-state.ts';
import { EmptyBasket } from './EmptyBasket.tsx';
import type { CheckoutView_checkout$key } from '../../__generated__/CheckoutView_checkout.graphql';

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
        canPay
        # vipOffer.checked: a VIP membership paid for with the order is the shopper's at once
        vipOffer {
          checked
          price {
            formatted
          }
        }
        orderSummary {
          cashAmount {
            amount
          }
        }
        paymentOptions {
          method
          available
          reason
          express
        }
        # the lines' titles name them in the error summary
        basket {
          lines {
            productId
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
        ...CheckoutHelp_checkout
        ...YourDetails_checkout
        ...PaymentSection_checkout
        ...PayArea_checkout
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
  const { state, dispatch, settled, seconds, holdEnded: clockEnded } = useCheckoutStatus(countdown);
  const { toasts, show: showToast } = useToasts();
  const form = useFormErrors();
  const { lineErrors, lineError } = useLineErrors();
  const details = useDetails(form.dismiss);
  const [paying, setPaying] = useState<Paying>('idle');
  const attempt = useRef<Attempt | null>(null);
  const payment = useRef<PaymentChoiceHandle>(null);

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
    [dispatch, lineError, showToast, reloadCheckout],
  );

  const actions: LineActions = {
    settled,
    setQuantity: (productId, quantity) => void changeBasket(productId, () => updateBasketLine({ input: { productId, quantity } })),
    remove: (productId) => void changeBasket(productId, () => removeBasketLine({ input: { productId } })),
    setGifting: (productId, gifting, recipient) => changeBasket(productId, () => setLineGifting({ input: { productId, gifting, recipient } })),
    setDeliveryOption: (productId, deliveryOptionType) => changeBasket(productId, () => updateBasketLine({ input: { productId, deliveryOptionType } })),
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
  // Joining VIP from /deals/vip: the membership alone, with no vouchers to hold (so no countdown).
  const vipOnly = lines.length === 0 && data.vipOffer?.checked === true;
  const holdEnded = clockEnded && !vipOnly;
  // The methods as the payment step and the express buttons take them.
  const paymentOptions = data.paymentOptions.map((o) => ({ method: o.method, available: o.available, reason: o.reason, express: o.express }));
  const cash = data.orderSummary.cashAmount.amount;
  // What Pay and the express buttons check first: the details, then the hold.
  const checkForm = () => checkDetails(details, { signedIn: viewer !== null, needsDeliveryAddress: data.needsDeliveryAddress, holdEnded });

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
      email: viewer ? null : details.email.trim(),
      expectedCashAmount: cash,
      deliveryAddress: data.needsDeliveryAddress ? deliveryAddressInput(details.address) : null,
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
    const errors = checkForm();
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
    const errors = checkForm();
    if (errors.length > 0) return form.show(errors);
    form.clear();
    void payment.current?.approve(method).then((outcome) => {
      if (outcome.kind === 'error') form.show([{ field: 'express', message: outcome.message }]);
      else if (outcome.kind === 'ready') void pay(outcome.selection, 'express');
    });
  }

  const status = statusText(state.status, paying);
  const fields: Record<string, string> = { ...FIELDS };
  for (const line of lines) fields[`line-${line.productId}`] = line.deal?.title ?? line.title;
  const errorOf = (field: string) => form.of(field)[0];

  if (lines.length === 0 && !vipOnly && paying === 'idle') return <EmptyBasket />;

  return (
    <div className="checkout">
      <ErrorSummary errors={form.errors} attempt={form.attempt} fields={fields} />
      <p className="checkout__status" role="status" aria-live="polite" data-testid="checkout-status">
        {status}
      </p>
      <div className="checkout__layout">
        <div className="checkout__main">
          {vipOnly ? null : (
            <CheckoutHold
              checkout={data}
              seconds={state.holdEndsAt === null ? countdown : seconds}
              status={state.status}
              failed={state.error}
              onRefresh={() => void refresh()}
            />
          )}
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
            {vipOnly ? (
              <p data-testid="vip-only-line">
                VIP membership on its own: {data.vipOffer?.price.formatted} for 12 months, with extra savings of up to 10% on selected deals. It does not renew automatically.
              </p>
            ) : (
              <BasketLines checkout={data} actions={actions} errors={lineErrors} />
            )}
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
            <YourDetails checkout={data} viewer={viewer} details={details} errorOf={errorOf} />

            <PaymentSection
              ref={payment}
              checkout={data}
              options={paymentOptions}
              signedIn={viewer !== null}
              email={viewer ? null : details.email.trim() || null}
              error={errorOf('payment')}
              disabled={paying !== 'idle'}
            />

            <PayArea checkout={data} paying={paying} settled={settled} holdEnded={holdEnded} />
          </form>
        </div>
        <aside className="checkout__aside" aria-label="Order summary">
          <OrderSummary checkout={data} />
          <CheckoutHelp checkout={data} />
        </aside>
      </div>
      <Toasts toasts={toasts} />
    </div>
  );
}
