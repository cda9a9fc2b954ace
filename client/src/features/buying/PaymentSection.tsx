import type { Ref } from 'react';
import { graphql, useFragment } from 'react-relay';
import { PaymentChoice, type PaymentChoiceHandle, type PaymentOptionData } from './PaymentChoice.tsx';
import type { PaymentSection_checkout$key } from '../../__generated__/PaymentSection_checkout.graphql';

/**
 * The checkout form's "Payment" section: the payment step for what is paid now, with a signed-in
 * shopper's saved instruments. The page submits it through `ref` (PaymentChoiceHandle).
 */
export function PaymentSection({
  ref,
  checkout,
  options,
  signedIn,
  email,
  error,
  disabled,
}: {
  ref: Ref<PaymentChoiceHandle>;
  checkout: PaymentSection_checkout$key;
  options: readonly PaymentOptionData[];
  signedIn: boolean;
  /** A guest's email as typed (null for a signed-in shopper). */
  email: string | null;
  error: string | undefined;
  disabled: boolean;
}) {
  const {
    orderSummary: { cashAmount },
    savedInstruments,
  } = useFragment<PaymentSection_checkout$key>(
    graphql`
      fragment PaymentSection_checkout on Checkout {
        orderSummary {
          cashAmount {
            amount
            formatted
          }
        }
        savedInstruments {
          ...PaymentChoice_instruments
        }
      }
    `,
    checkout,
  );
  return (
    <section className="checkout-section" aria-labelledby="payment-title">
      <h2 id="payment-title" className="checkout-section__title">
        Payment
      </h2>
      <PaymentChoice
        ref={ref}
        cashAmount={{ amount: cashAmount.amount, formatted: cashAmount.formatted }}
        options={options}
        instruments={signedIn ? savedInstruments : []}
        signedIn={signedIn}
        email={email}
        error={error}
        disabled={disabled}
      />
    </section>
  );
}
