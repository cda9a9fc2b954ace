import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { InputRowField } from '../../ui/Field.tsx';
import { fieldId } from '../../ui/form-errors.ts';
import type { PromoCodeForm_checkout$key } from '../../__generated__/PromoCodeForm_checkout.graphql';

/** The promo code form (spec §5 promo code outcomes): the outcome's words at the field. */
export function PromoCodeForm({ checkout, settled, onApply }: { checkout: PromoCodeForm_checkout$key; settled: boolean; onApply: (code: string | null) => Promise<void> }) {
  const { promoCode: promo } = useFragment<PromoCodeForm_checkout$key>(
    graphql`
      fragment PromoCodeForm_checkout on Checkout {
        promoCode {
          code
          applicable
          message
        }
      }
    `,
    checkout,
  );
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
        <InputRowField
          id={id}
          label="Promo code"
          error={shownError}
          className="input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(e) => setCode(e.target.value)}
          button={
            <button type="submit" className="button button--secondary" aria-disabled={!settled || undefined}>
              Apply
            </button>
          }
        />
      </form>
    </div>
  );
}

