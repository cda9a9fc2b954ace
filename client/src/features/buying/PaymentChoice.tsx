import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { graphql, useFragment } from 'react-relay';
import { BUYING_MESSAGES, methodOfInstrument } from '@shop/domain/buying';
import { browserFromUserAgent, type UnavailableReason } from '@shop/domain/payment-availability';
import { ErrorMessage } from '../../ui/Field.tsx';
import { fieldId } from '../../ui/form-errors.ts';
import { reportClientError } from '../../errors/report.ts';
import { LABEL } from './payment-labels.ts';
import { SandboxFrame, type SandboxFrameHandle } from './SandboxFrame.tsx';
import { useStartPaymentMutation } from './StartPaymentMutation.ts';
import type { PaymentMethod } from './PlaceOrderMutations.ts';
import type { PaymentChoice_instruments$key } from '../../__generated__/PaymentChoice_instruments.graphql';

/** A payment method this payment step offers (the checkout's paymentOptions, or the card alone). */
export interface PaymentOptionData {
  readonly method: PaymentMethod;
  readonly available: boolean;
  /** Why not, when not available (a reason of domain/src/payment-availability.ts). */
  readonly reason?: string | null;
  readonly express?: boolean;
}
type Session = { method: PaymentMethod; clientToken: string; sandboxUrl: string };

/** What the order is paid with, once the payment step has it. */
export interface PaymentSelection {
  method: PaymentMethod;
  token: string | null;
  savedInstrumentId: string | null;
  saveInstrument: boolean;
}
export type PaymentOutcome = { kind: 'ready'; selection: PaymentSelection } | { kind: 'error'; message: string } | { kind: 'cancelled' };
export interface PaymentChoiceHandle {
  /** The selection for placeOrder: the card's nonce, a saved instrument, or an approval's token (opens the provider's page). */
  submit(): Promise<PaymentOutcome>;
  /** After a refused payment: the one-time token is spent, so the card form starts again. */
  reset(): void;
  /** An express option (PayPal, Google Pay, Apple Pay): the provider's approval page for `method`, whatever is chosen in the form. */
  approve(method: PaymentMethod): Promise<PaymentOutcome>;
}

const HINT: Record<string, string> = {
  CREDIT_CARD: 'Visa or Mastercard. We do not accept American Express or Diners Club.',
  PAYPAL: 'You approve the payment with PayPal.',
  PAYPAL_CREDIT: 'You apply and approve with PayPal.',
  GOOGLE_PAY: 'You approve the payment with Google Pay.',
  APPLE_PAY: 'You approve the payment with Apple Pay.',
  KLARNA: 'Spread the cost with Klarna. Klarna checks your eligibility.',
  CLEARPAY: 'Pay in instalments with Clearpay. Clearpay checks your eligibility.',
};
/** The words when an approval page says no. */
const REFUSED: Partial<Record<string, string>> = {
  PAYPAL: BUYING_MESSAGES.paypalRejected,
  PAYPAL_CREDIT: BUYING_MESSAGES.paypalRejected,
  KLARNA: BUYING_MESSAGES.bnplDeclined,
  CLEARPAY: BUYING_MESSAGES.bnplDeclined,
};

/** The shopper's words for why a method is not offered (the reasons of domain/src/payment-availability.ts). */
const REASON: Record<UnavailableReason, string> = {
  guestsOnly: 'Clearpay is available when you check out as a guest.',
  totalOutOfRange: 'Available for orders from £1 to £1,000.',
  highFraudRisk: 'Not available for this deal: please pay by card.',
  excludedSubcategory: 'Not available for this type of deal.',
  cardOnDeliveryLimit: 'Not available for these goods on orders of £50 or more.',
  deviceUnsupported: 'Apple Pay is not available on this device.',
  browserUnsupported: 'Google Pay is not available in this browser.',
  zeroTotal: 'Not available when there is nothing to pay.',
  currency: 'Available for payments in pounds only.',
};
const reasonWords = (reason: string | null | undefined): string | null =>
  reason ? ((REASON as Record<string, string | undefined>)[reason] ?? BUYING_MESSAGES.methodUnavailable) : null;

/**
 * Apple Pay needs a device that supports it (spec §5); the server cannot see that. Safari exposes
 * ApplePaySession where Apple Pay exists at all, and canMakePayments() says whether this device
 * can pay with it now.
 */
const applePayHere = () => {
  if (typeof window === 'undefined') return false;
  const session = (window as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession;
  try {
    return typeof session?.canMakePayments === 'function' && session.canMakePayments() === true;
  } catch {
    return false;
  }
};
/** Google Pay is not offered on Samsung Internet or Internet Explorer (spec §5); the user agent is the browser's to read. */
const googlePayBrowserRefused = () => {
  if (typeof navigator === 'undefined') return false;
  const browser = browserFromUserAgent(navigator.userAgent);
  return browser.samsung || browser.ie;
};

/** A method's availability here: the server's rules, then the device and browser rules only the browser can apply. */
export function availability(option: PaymentOptionData): { available: boolean; reason: string | null } {
  if (option.method === 'APPLE_PAY' && option.available && !applePayHere()) return { available: false, reason: REASON.deviceUnsupported };
  if (option.method === 'GOOGLE_PAY' && option.available && googlePayBrowserRefused()) return { available: false, reason: REASON.browserUnsupported };
  return { available: option.available, reason: reasonWords(option.reason) };
}

/** Asks the server for a provider session (a client token and the sandbox page's url). */
function useRequestSession() {
  const startPayment = useStartPaymentMutation();
  return useCallback(async (forMethod: PaymentMethod, email: string | null): Promise<Session | { error: string }> => {
    try {
      const result = await startPayment({ input: { method: forMethod, email } });
      if (result.ok) return { method: forMethod, clientToken: result.clientToken, sandboxUrl: result.sandboxUrl };
      return { error: result.message || BUYING_MESSAGES.somethingWrong };
    } catch (err) {
      reportClientError(err);
      return { error: BUYING_MESSAGES.requestProblem };
    }
  }, [startPayment]);
}

/**
 * The payment step: saved instruments (signed-in shoppers), then the methods this checkout
 * offers (unavailable ones shown disabled, with the reason). A new card is typed into the
 * provider's hosted fields; PayPal, Google Pay, Apple Pay, Klarna and Clearpay open the
 * provider's approval page in a dialog. Both give back a one-time token, never card details.
 */
export function PaymentChoice({
  ref,
  cashAmount,
  options,
  instruments: instrumentsKey,
  signedIn,
  email,
  error,
  disabled,
}: {
  ref: Ref<PaymentChoiceHandle>;
  /** A guest's email as typed (Clearpay needs the shopper's). */
  email?: string | null;
  cashAmount: { amount: number; formatted: string };
  options: readonly PaymentOptionData[];
  /** The signed-in shopper's saved instruments (none for a guest). */
  instruments: PaymentChoice_instruments$key;
  signedIn: boolean;
  error: string | undefined;
  disabled: boolean;
}) {
  const instruments = useFragment<PaymentChoice_instruments$key>(
    graphql`
      fragment PaymentChoice_instruments on PaymentInstrument @relay(plural: true) {
        id
        # type: the method a saved instrument pays with (methodOfInstrument)
        type
        isDefault
        description
        expiry
      }
    `,
    instrumentsKey,
  );
  const requestSession = useRequestSession();
  const id = useId();
  const firstAvailable = options.find((o) => availability(o).available)?.method ?? null;
  const defaultInstrument = instruments.find((i) => i.isDefault) ?? null;
  const [choice, setChoice] = useState<string | null>(defaultInstrument ? `saved:${defaultInstrument.id}` : (firstAvailable ?? null));
  const [sessions, setSessions] = useState<Partial<Record<string, Session>>>({});
  const [sessionError, setSessionError] = useState<string | null>(null);
  const cardFrame = useRef<SandboxFrameHandle>(null);
  const [frameKey, setFrameKey] = useState(0);
  const [saveCard, setSaveCard] = useState(false);
  const [approval, setApproval] = useState<{ session: Session; resolve: (outcome: PaymentOutcome) => void } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  const noCash = cashAmount.amount <= 0;
  const savedId = choice?.startsWith('saved:') ? choice.slice('saved:'.length) : null;
  const saved = savedId ? (instruments.find((i) => i.id === savedId) ?? null) : null;
  const method: PaymentMethod | null = saved ? (methodOfInstrument(saved.type).toUpperCase() as PaymentMethod) : ((choice as PaymentMethod | null) ?? null);
  const newCard = !saved && method === 'CREDIT_CARD' && !noCash;

  // The card's hosted fields need a session as soon as the card is chosen.
  const cardSession = sessions.CREDIT_CARD;
  useEffect(() => {
    if (!newCard || cardSession) return;
    let live = true;
    void requestSession('CREDIT_CARD', null).then((s) => {
      if (!live) return;
      if ('error' in s) setSessionError(s.error);
      else setSessions((all) => ({ ...all, CREDIT_CARD: s }));
    });
    return () => {
      live = false;
    };
  }, [newCard, cardSession, requestSession]);

  useEffect(() => {
    if (approval) dialog.current?.showModal();
    else dialog.current?.close();
  }, [approval]);

  /** The provider's approval page in the dialog; its one-time token, a refusal, or a cancel. */
  async function approveWith(forMethod: PaymentMethod): Promise<PaymentOutcome> {
    // A new session for each approval: BNPL checkouts are single-use and carry the amount and email.
    const s = await requestSession(forMethod, email ?? null);
    if ('error' in s) return { kind: 'error', message: s.error };
    const outcome = await new Promise<PaymentOutcome>((resolve) => setApproval({ session: s, resolve }));
    setApproval(null);
    if (outcome.kind === 'ready') outcome.selection.saveInstrument = false;
    return outcome;
  }

  useImperativeHandle(ref, () => ({
    async submit(): Promise<PaymentOutcome> {
      if (noCash) return { kind: 'ready', selection: { method: method ?? 'CREDIT_CARD', token: null, savedInstrumentId: null, saveInstrument: false } };
      if (!method) return { kind: 'error', message: 'Choose how you would like to pay.' };
      if (saved) return { kind: 'ready', selection: { method, token: null, savedInstrumentId: saved.id, saveInstrument: false } };
      if (method === 'CREDIT_CARD') {
        // Pay tokenises the hosted fields itself (Braintree's hostedFields.tokenize()); their
        // errors show in the frame, the first also at the payment step.
        const frame = cardFrame.current;
        if (!frame) return { kind: 'error', message: sessionError ?? BUYING_MESSAGES.pleaseWait };
        const card = await frame.tokenize();
        if ('error' in card) return { kind: 'error', message: card.error };
        return { kind: 'ready', selection: { method, token: card.token, savedInstrumentId: null, saveInstrument: signedIn && saveCard } };
      }
      return approveWith(method);
    },
    reset() {
      setFrameKey((k) => k + 1);
    },
    approve: approveWith,
  }));

  const errorId = `${fieldId('payment')}-error`;
  // The card's form opens right under its choice (GOV.UK conditional reveal).
  const cardEntry = newCard ? (
        <div className="card-entry">
          <h3 className="card-entry__title">Card details</h3>
          <p className="card-entry__secure">Secure payment: you type your card details into our payment provider’s form below. We never see or store your card number.</p>
          {cardSession ? (
            <SandboxFrame ref={cardFrame} key={frameKey} session={cardSession} title="Card details (secure form of our payment provider)" />
          ) : sessionError ? null : (
            <p role="status">{BUYING_MESSAGES.pleaseWait}</p>
          )}
          {signedIn ? (
            <div className="checkbox card-entry__save">
              <input type="checkbox" className="checkbox__input" id={`${id}-save`} checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} />
              <label className="checkbox__label" htmlFor={`${id}-save`}>
                Save this card for next time
              </label>
            </div>
          ) : null}
        </div>
        ) : null;
  return (
    <div className="payment">
      {noCash ? (
        <p className="payment__none">Your wallet credit pays for the whole order: there is nothing more to pay.</p>
      ) : (
        <fieldset className="choices" id={fieldId('payment')} tabIndex={-1} aria-describedby={error || sessionError ? errorId : undefined}>
          <legend className="form-legend">How would you like to pay?</legend>
          {error || sessionError ? <ErrorMessage id={errorId} messages={[error ?? sessionError!]} /> : null}
          <div className="choices__list payment__methods">
            {instruments.map((instrument) => (
              <div className="radio payment__method" key={instrument.id}>
                <input
                  type="radio"
                  className="radio__input"
                  id={`${id}-saved-${instrument.id}`}
                  name="payment-method"
                  checked={choice === `saved:${instrument.id}`}
                  disabled={disabled}
                  onChange={() => setChoice(`saved:${instrument.id}`)}
                />
                <label className="radio__label" htmlFor={`${id}-saved-${instrument.id}`}>
                  {instrument.description}
                  {instrument.expiry ? <span className="payment__meta"> expires {instrument.expiry}</span> : null}
                  {instrument.isDefault ? <span className="payment__meta"> (default)</span> : null}
                </label>
              </div>
            ))}
            {options.map((option) => {
              const { available, reason } = availability(option);
              const optionId = `${id}-${option.method}`;
              return (
                <div className={`radio payment__method${available ? '' : ' payment__method--unavailable'}`} key={option.method}>
                  <input
                    type="radio"
                    className="radio__input"
                    id={optionId}
                    name="payment-method"
                    value={option.method}
                    checked={choice === option.method}
                    disabled={!available || disabled}
                    aria-describedby={`${optionId}-hint`}
                    onChange={() => setChoice(option.method)}
                  />
                  <label className="radio__label" htmlFor={optionId}>
                    {instruments.length > 0 && option.method === 'CREDIT_CARD' ? 'A new debit or credit card' : (LABEL[option.method] ?? option.method)}
                  </label>
                  <div className="form-hint checkbox__hint" id={`${optionId}-hint`}>
                    {available ? HINT[option.method] : (reason ?? BUYING_MESSAGES.methodUnavailable)}
                  </div>
                  {option.method === 'CREDIT_CARD' ? cardEntry : null}
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
      <dialog
        ref={dialog}
        className="approval"
        aria-labelledby={`${id}-approval-title`}
        onCancel={() => approval?.resolve({ kind: 'cancelled' })}
      >
        {approval ? (
          <>
            <div className="approval__head">
              <h2 id={`${id}-approval-title`} className="approval__title">
                {LABEL[approval.session.method] ?? 'Payment'}: approve {cashAmount.formatted}
              </h2>
              <button type="button" className="link-button" onClick={() => approval.resolve({ kind: 'cancelled' })}>
                Cancel
              </button>
            </div>
            <SandboxFrame
              session={approval.session}
              title={`${LABEL[approval.session.method] ?? 'Payment'} approval`}
              minHeight={420}
              onToken={(token) =>
                approval.resolve({ kind: 'ready', selection: { method: approval.session.method, token, savedInstrumentId: null, saveInstrument: false } })
              }
              onError={(message) => approval.resolve({ kind: 'error', message: message || (REFUSED[approval.session.method] ?? BUYING_MESSAGES.paymentNotThrough) })}
              onCancel={() => approval.resolve({ kind: 'cancelled' })}
            />
          </>
        ) : null}
      </dialog>
    </div>
  );
}
