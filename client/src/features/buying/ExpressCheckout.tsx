import { ErrorMessage } from '../../ui/Field.tsx';
import { fieldId } from '../../ui/form-errors.ts';
import { availability, type PaymentOptionData } from './PaymentChoice.tsx';
import { LABEL } from './payment-labels.ts';
import type { PaymentMethod } from './PlaceOrderMutations.ts';

type Option = PaymentOptionData;

/** The express options in the order they are shown (spec §6: PayPal, Google Pay, Apple Pay). */
const EXPRESS_ORDER: readonly PaymentMethod[] = ['PAYPAL', 'GOOGLE_PAY', 'APPLE_PAY'];

/** The express options this shopper may use here: offered as express by the server's rules, and available on this device and browser. */
function expressMethods(options: readonly Option[]): PaymentMethod[] {
  return EXPRESS_ORDER.filter((method) => {
    const option = options.find((o) => o.method === method);
    return option !== undefined && option.express && availability(option).available;
  });
}

/**
 * "Express checkout" above the checkout form (spec §6): one button per wallet the shopper may use
 * (guests, and signed-in shoppers with a saved instrument). A button opens the wallet's approval
 * page and places the order with what it gives back; it never skips the checks of the form (a
 * guest's email, a delivery address). Hidden when there is no express option or nothing to pay.
 */
export function ExpressCheckout({
  options,
  guest,
  disabled,
  busy,
  error,
  onExpress,
}: {
  options: readonly Option[];
  guest: boolean;
  /** Paying waits (an update in flight, the hold ended, the basket cannot be bought as it stands). */
  disabled: boolean;
  /** An order is being placed. */
  busy: boolean;
  error: string | undefined;
  onExpress: (method: PaymentMethod) => void;
}) {
  const methods = expressMethods(options);
  if (methods.length === 0) return null;
  const id = fieldId('express');
  const errorId = `${id}-error`;
  return (
    <section className="checkout-section express" id={id} tabIndex={-1} aria-labelledby="express-title" aria-describedby={error ? errorId : undefined}>
      <h2 id="express-title" className="checkout-section__title express__title">
        Express checkout
      </h2>
      <p className="express__intro">
        Approve the payment on the provider’s own page.
        {guest ? ' We email your vouchers to the address you give under ‘Your details’.' : null}
      </p>
      {error ? <ErrorMessage id={errorId} messages={[error]} /> : null}
      <ul className="express__buttons" aria-label="Express payment options">
        {methods.map((method) => (
          <li key={method}>
            <button
              type="button"
              className={`express-button express-button--${method.toLowerCase().replace('_', '-')}`}
              aria-disabled={disabled || busy || undefined}
              onClick={() => !disabled && !busy && onExpress(method)}
            >
              <span className="visually-hidden">Pay with </span>
              <span className="express-button__brand">{LABEL[method]}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="express__or">
        <span>Or pay another way below</span>
      </p>
    </section>
  );
}
