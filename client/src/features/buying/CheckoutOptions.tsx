import { useState, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { VIP_OFFER_LINE } from '@shop/domain/vip';
import { ErrorMessage } from '../../ui/Field.tsx';
import { fieldId } from '../../ui/form-errors.ts';
import type { CheckoutOptions_checkout$key } from '../../__generated__/CheckoutOptions_checkout.graphql';

/**
 * The checkout's ticks: pay with wallet credit (signed-in shoppers with a wallet) and the VIP
 * membership offer (never pre-ticked). A box shows the shopper's tick at once, until the checkout
 * answers; a refusal shows beside its box (`errorOf`, by field name).
 */
export function CheckoutOptions({
  checkout,
  signedIn,
  settled,
  errorOf,
  onWallet,
  onVip,
}: {
  checkout: CheckoutOptions_checkout$key;
  signedIn: boolean;
  /** False while the page loads, updates or refreshes: the boxes wait. */
  settled: boolean;
  errorOf: (field: string) => string | undefined;
  onWallet: (use: boolean) => Promise<void>;
  onVip: (checked: boolean) => Promise<void>;
}) {
  const { wallet, vipOffer } = useFragment<CheckoutOptions_checkout$key>(
    graphql`
      fragment CheckoutOptions_checkout on Checkout {
        wallet {
          balance {
            formatted
          }
          usable {
            amount
            formatted
          }
          using
        }
        vipOffer {
          price {
            formatted
          }
          checked
          layout
        }
      }
    `,
    checkout,
  );
  const [ticked, setTicked] = useState<{ wallet?: boolean; vip?: boolean }>({});
  const change = (tick: { wallet?: boolean; vip?: boolean }, request: Promise<void>) => {
    setTicked(tick);
    void request.finally(() => setTicked({}));
  };
  return (
    <>
      {signedIn && wallet ? (
        <OptionCheckbox
          name="wallet"
          checked={ticked.wallet ?? wallet.using}
          disabled={wallet.usable.amount <= 0 && !wallet.using}
          label="Use my wallet credit"
          hint={`Your balance is ${wallet.balance.formatted}. ${wallet.usable.amount > 0 ? `You can use ${wallet.usable.formatted} on this order.` : 'None of it can be used on this order.'}`}
          error={errorOf('wallet')}
          onChange={(use) => settled && change({ wallet: use }, onWallet(use))}
        />
      ) : null}
      {vipOffer?.layout === 'TWO_BUTTONS' ? (
        <VipChoice checked={ticked.vip ?? vipOffer.checked} error={errorOf('vip')} onChoose={(checked) => settled && change({ vip: checked }, onVip(checked))} />
      ) : vipOffer ? (
        <OptionCheckbox
          name="vip"
          className="vip-offer"
          checked={ticked.vip ?? vipOffer.checked}
          label={`Add VIP membership for ${vipOffer.price.formatted} a year`}
          hint="Optional. VIP members save up to an extra 10% on VIP deals for 12 months; it does not renew automatically, and you can cancel within 14 days for a full refund. It is added to this order only if you tick the box."
          error={errorOf('vip')}
          onChange={(checked) => settled && change({ vip: checked }, onVip(checked))}
        />
      ) : null}
    </>
  );
}

/**
 * VIP_LAYOUT two-buttons (spec §2): the offer in one line and two plain choices. Neither is
 * pressed until the shopper chooses (a VIP already in the checkout shows as chosen); without a
 * choice nothing is added, as with an unticked box.
 */
export function VipChoice({ checked, error, onChoose }: { checked: boolean; error: string | undefined; onChoose: (checked: boolean) => void }) {
  const [chosen, setChosen] = useState<boolean | null>(checked ? true : null);
  // "Join VIP" shows pressed only once the checkout holds it (a refused join falls back to no choice).
  const pressed = checked ? true : chosen === false ? false : null;
  const id = fieldId('vip');
  const choose = (vip: boolean) => {
    setChosen(vip);
    if (vip !== checked) onChoose(vip);
  };
  return (
    <fieldset className="form-group vip-offer vip-choice" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="vip-choice__offer">{VIP_OFFER_LINE}</legend>
      <p className="form-hint">You can cancel within 14 days for a full refund. VIP is added to this order only if you choose it.</p>
      <div className="vip-choice__buttons" id={id}>
        {/* The tick shows the choice to the eye; aria-pressed says it to assistive technology. */}
        <button type="button" className="button button--secondary" aria-pressed={pressed === false} onClick={() => choose(false)}>
          {pressed === false ? <span aria-hidden="true">✓ </span> : null}
          Pay without VIP
        </button>
        <button type="button" className="button button--primary" aria-pressed={pressed === true} onClick={() => choose(true)}>
          {pressed === true ? <span aria-hidden="true">✓ </span> : null}
          Join VIP and pay
        </button>
      </div>
      {error ? <ErrorMessage id={`${id}-error`} messages={[error]} /> : null}
    </fieldset>
  );
}

function OptionCheckbox({
  name,
  className,
  checked,
  disabled,
  label,
  hint,
  error,
  onChange,
}: {
  name: string;
  className?: string;
  checked: boolean;
  disabled?: boolean;
  label: string;
  hint: ReactNode;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = fieldId(name);
  return (
    <div className={`form-group form-group--checkbox${className ? ` ${className}` : ''}`}>
      <div className="checkbox">
        <input type="checkbox" className="checkbox__input" id={id} checked={checked} disabled={disabled} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.target.checked)} />
        <label className="checkbox__label" htmlFor={id}>
          {label}
        </label>
        <div className="form-hint checkbox__hint" id={`${id}-hint`}>
          {hint}
        </div>
      </div>
      {error ? <ErrorMessage id={`${id}-error`} messages={[error]} /> : null}
    </div>
  );
}
