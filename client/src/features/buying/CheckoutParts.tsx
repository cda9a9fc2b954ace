import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatCountdown } from '@shop/domain/checkout-status';
import { BUYING_MESSAGES, type CheckoutStatus } from '@shop/domain/buying';
import { ErrorMessage } from '../../ui/Field.tsx';
import { fieldId } from '../../ui/form-errors.ts';
import { SmallField, type CheckoutData } from './BasketLines.tsx';
import { PriceBreakdownRows } from './PriceBreakdown.tsx';
import type { PriceBreakdown_breakdown$key } from '../../__generated__/PriceBreakdown_breakdown.graphql';
import { lookupAddresses } from './checkout-mutations.ts';
import { reportClientError } from '../../errors/report.ts';

/** The order summary box (spec §3 orderSummary): every part of the total (issue 14), what the shopper pays now, and how. */
export function OrderSummary({ breakdown }: { breakdown: PriceBreakdown_breakdown$key }) {
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-summary__title">
        Order summary
      </h2>
      <PriceBreakdownRows breakdown={breakdown} payNowLabel="To pay now" testIds />
    </section>
  );
}

/** A time of day as a UK shopper reads it, e.g. '3:45 pm' (Europe/London). */
const londonTime = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(iso));

/**
 * The hold's countdown (spec §4; issue 6 point 10: a real hold). It says what it is for, with no
 * pressure: the vouchers are kept for the shopper while it runs. At 0 it says the hold ended and
 * offers to hold them again. Screen readers hear it at the minute marks, not every second.
 */
export function HoldCountdown({
  seconds,
  status,
  failed,
  limitReached = false,
  againAt = null,
  onRefresh,
}: {
  seconds: number;
  status: CheckoutStatus;
  failed: boolean;
  /** Issue 14: this hold is the last of the basket's 15 minutes; at its end the units go back on sale. */
  limitReached?: boolean;
  /** When the basket may hold them again (ISO 8601). */
  againAt?: string | null;
  onRefresh: () => void;
}) {
  const minute = seconds > 0 ? Math.ceil(seconds / 60) : 0;
  const ended = seconds <= 0;
  const refreshing = status === 'refreshing';
  // Spec §4: after a refresh the new countdown shows once the status is ready again (4 s).
  const heldAgain = status === 'refreshed' && !failed && !limitReached;
  if (ended && limitReached && !heldAgain) {
    return (
      <section className="hold hold--ended" aria-labelledby="hold-title" data-testid="hold">
        <h2 id="hold-title" className="visually-hidden">
          Your reserved vouchers
        </h2>
        <p className="hold__text" data-testid="hold-released">
          <strong>Your hold on these vouchers has ended and they have been released.</strong> {BUYING_MESSAGES.holdLapsed}
          {againAt ? ` You can reserve them again from ${londonTime(againAt)}.` : ''}
        </p>
        <p className="visually-hidden" aria-live="polite">
          Your hold on these vouchers has ended and they have been released.
        </p>
      </section>
    );
  }
  return (
    <section className={`hold${ended ? ' hold--ended' : ''}`} aria-labelledby="hold-title" data-testid="hold">
      <h2 id="hold-title" className="visually-hidden">
        Your reserved vouchers
      </h2>
      {ended && heldAgain ? (
        <p className="hold__text">
          <strong>Your vouchers are held for you again.</strong> The countdown restarts in a moment.
        </p>
      ) : ended ? (
        <>
          <p className="hold__text">
            <strong>Your hold on these vouchers has ended.</strong> {failed ? 'We could not hold them again just now: please try again.' : 'They may have gone back on sale. Hold them again to carry on.'}
          </p>
          <button type="button" className="button button--secondary" aria-busy={refreshing || undefined} onClick={() => !refreshing && onRefresh()}>
            {refreshing ? 'Please wait...' : 'Hold my vouchers again'}
          </button>
        </>
      ) : (
        <p className="hold__text">
          We’re holding these vouchers for you for{' '}
          <span className="hold__time" aria-hidden="true">
            {formatCountdown(seconds)}
          </span>
          <span className="visually-hidden">{minute === 1 ? 'less than a minute' : `about ${minute} minutes`}</span>, so nobody else can buy them while you pay.
          {limitReached ? ' This is the longest we can hold them: when the time is up they go back on sale.' : ''}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {ended && heldAgain ? 'Your vouchers are held for you again.' : ended ? 'Your hold on these vouchers has ended.' : seconds <= 60 ? 'Less than a minute left of your hold.' : ''}
      </p>
    </section>
  );
}

/** The promo code form (spec §5 promo code outcomes): the outcome's words at the field. */
export function PromoCodeForm({ promo, settled, onApply }: { promo: CheckoutData['promoCode']; settled: boolean; onApply: (code: string | null) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(promo !== null);
  const id = fieldId('promoCode');
  const refused = promo && !promo.applicable ? promo.message : null;
  const shownError = error ?? refused;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!settled) return;
    const trimmed = code.trim();
    if (!trimmed) return setError(BUYING_MESSAGES.required);
    setError(null);
    await onApply(trimmed);
  }

  if (promo && promo.applicable) {
    return (
      <div className="promo promo--applied" role="status">
        <p>
          <strong>{promo.code}</strong> applied. {promo.message}
        </p>
        <button type="button" className="link-button" aria-disabled={!settled || undefined} onClick={() => settled && void onApply(null)}>
          Remove<span className="visually-hidden"> promo code {promo.code}</span>
        </button>
      </div>
    );
  }
  return (
    <div className="promo">
      <button type="button" className="link-button" aria-expanded={open} aria-controls="promo-form" onClick={() => setOpen(!open)}>
        Have a promo code?
      </button>
      <form id="promo-form" hidden={!open} noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Promo code" className="promo__form">
        <div className={`form-group${shownError ? ' form-group--error' : ''}`}>
          <label className="form-label" htmlFor={id}>
            Promo code
          </label>
          {shownError ? (
            <div aria-live="polite">
              <ErrorMessage id={`${id}-error`} messages={[shownError]} />
            </div>
          ) : null}
          <div className="input-row">
            <input
              id={id}
              className="input"
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={shownError ? `${id}-error` : undefined}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="submit" className="button button--secondary" aria-disabled={!settled || undefined}>
              Apply
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}

export interface AddressValue {
  name: string;
  line1: string;
  line2: string;
  town: string;
  county: string;
  postcode: string;
}
export const EMPTY_ADDRESS: AddressValue = { name: '', line1: '', line2: '', town: '', county: '', postcode: '' };

type FoundAddress = { moniker: string; line1: string; line2: string | null | undefined; town: string; county: string | null | undefined; postcode: string; label: string };

/**
 * The delivery address for goods and gift packs (spec §7 address service): find the addresses at
 * a postcode, pick one, or type it. Its errors come from the page (`errors`, by field name).
 */
export function DeliveryAddress({ value, onChange, errors }: { value: AddressValue; onChange: (next: AddressValue) => void; errors: (field: string) => string | undefined }) {
  const id = useId();
  const [lookup, setLookup] = useState('');
  const [found, setFound] = useState<FoundAddress[] | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (found && found.length > 0) list.current?.focus();
  }, [found]);

  async function find() {
    const postcode = lookup.trim();
    if (!postcode) return setLookupError(BUYING_MESSAGES.postcode);
    setBusy(true);
    setLookupError(null);
    try {
      const result = await lookupAddresses(postcode);
      if (result.__typename === 'AddressList') {
        setFound(result.addresses.map((a) => ({ ...a })));
        if (result.addresses.length === 0) setLookupError('We could not find any addresses at that postcode. Please type your address below.');
      } else if (result.__typename === 'ValidationError') {
        setFound(null);
        setLookupError(result.message);
      } else setLookupError(BUYING_MESSAGES.somethingWrong);
    } catch (error) {
      reportClientError(error);
      setLookupError(BUYING_MESSAGES.somethingWrong);
    }
    setBusy(false);
  }

  const set = (key: keyof AddressValue) => (v: string) => onChange({ ...value, [key]: v });
  const lookupId = `${id}-lookup`;
  return (
    <fieldset className="choices delivery">
      <legend className="form-legend">Delivery address</legend>
      <p className="form-hint">Your gift pack or goods are posted here.</p>
      <div className={`form-group${lookupError ? ' form-group--error' : ''}`}>
        <label className="form-label" htmlFor={lookupId}>
          Find your address by postcode
        </label>
        {lookupError ? (
          <div aria-live="polite">
            <ErrorMessage id={`${lookupId}-error`} messages={[lookupError]} />
          </div>
        ) : null}
        <div className="input-row">
          <input
            id={lookupId}
            className="input input--postcode"
            value={lookup}
            autoComplete="postal-code"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={lookupError ? true : undefined}
            aria-describedby={lookupError ? `${lookupId}-error` : undefined}
            onChange={(e) => setLookup(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void find();
              }
            }}
          />
          <button type="button" className="button button--secondary" aria-busy={busy || undefined} onClick={() => !busy && void find()}>
            Find address
          </button>
        </div>
      </div>
      {found && found.length > 0 ? (
        <div className="form-group">
          <label className="form-label" htmlFor={`${id}-found`}>
            Choose your address
          </label>
          <select
            id={`${id}-found`}
            ref={list}
            className="select select--wide"
            defaultValue=""
            onChange={(e) => {
              const a = found.find((f) => f.moniker === e.target.value);
              if (a) onChange({ name: value.name, line1: a.line1, line2: a.line2 ?? '', town: a.town, county: a.county ?? '', postcode: a.postcode });
            }}
          >
            <option value="" disabled>
              {found.length === 1 ? '1 address found' : `${found.length} addresses found`}
            </option>
            {found.map((a) => (
              <option key={a.moniker} value={a.moniker}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <SmallField id={fieldId('address.name')} label="Full name" value={value.name} onChange={set('name')} error={errors('address.name')} autoComplete="shipping name" />
      <SmallField id={fieldId('address.line1')} label="Address line 1" value={value.line1} onChange={set('line1')} error={errors('address.line1')} autoComplete="shipping address-line1" />
      <SmallField id={fieldId('address.line2')} label="Address line 2 (optional)" value={value.line2} onChange={set('line2')} error={errors('address.line2')} autoComplete="shipping address-line2" />
      <SmallField id={fieldId('address.town')} label="Town or city" value={value.town} onChange={set('town')} error={errors('address.town')} autoComplete="shipping address-level2" />
      <SmallField id={fieldId('address.county')} label="County (optional)" value={value.county} onChange={set('county')} error={errors('address.county')} autoComplete="shipping address-level1" />
      <SmallField id={fieldId('address.postcode')} label="Postcode" value={value.postcode} onChange={set('postcode')} error={errors('address.postcode')} autoComplete="shipping postal-code" />
    </fieldset>
  );
}
