import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { fieldId } from '../../ui/form-errors.ts';
import { SmallField } from './BasketLines.tsx';
import { DeliveryAddress, EMPTY_ADDRESS, type AddressValue } from './DeliveryAddress.tsx';
import type { Details } from './checkout-form.ts';
import type { YourDetails_checkout$key } from '../../__generated__/YourDetails_checkout.graphql';

/** The details as the page keeps them (it places the order with them), and their changes. */
export interface DetailsState extends Details {
  setEmail: (email: string) => void;
  changeAddress: (next: AddressValue) => void;
}

/** The details' state; `dismiss` is the form's (form-errors.ts): it drops the messages of fields given a value. */
export function useDetails(dismiss: (fields: readonly string[]) => void): DetailsState {
  const [email, setEmail] = useState('');
  const [address, setAddress] = useState<AddressValue>(EMPTY_ADDRESS);
  /** The address as typed or as the postcode lookup filled it: a field given a value loses its 'Required field'. */
  function changeAddress(next: AddressValue) {
    setAddress(next);
    dismiss((Object.keys(next) as (keyof AddressValue)[]).filter((key) => next[key].trim() !== '' && next[key] !== address[key]).map((key) => `address.${key}`));
  }
  return { email, setEmail, address, changeAddress };
}

/**
 * The checkout form's "Your details": a guest's email (with the way to sign in), or where a
 * signed-in shopper's vouchers go; then the delivery address when the checkout needs one. Its
 * errors come from the page (`errorOf`, by field name).
 */
export function YourDetails({
  checkout,
  viewer,
  details,
  errorOf,
}: {
  checkout: YourDetails_checkout$key;
  viewer: { email: string } | null;
  details: DetailsState;
  errorOf: (field: string) => string | undefined;
}) {
  const { needsDeliveryAddress } = useFragment<YourDetails_checkout$key>(
    graphql`
      fragment YourDetails_checkout on Checkout {
        needsDeliveryAddress
      }
    `,
    checkout,
  );
  return (
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
            value={details.email}
            onChange={details.setEmail}
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
      {needsDeliveryAddress ? <DeliveryAddress value={details.address} onChange={details.changeAddress} errors={errorOf} /> : null}
    </section>
  );
}
