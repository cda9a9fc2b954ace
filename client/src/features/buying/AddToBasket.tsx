import { useId, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router';
import { PRICE_PER_PERSON_MIN_QUANTITY, VIP_PRICE_PENCE } from '@shop/domain/buying';
import { formatMoney } from '@shop/domain/money';
import { useAuthState } from '../accounts/auth.ts';
import { Price } from '../../ui/Price.tsx';
import { ErrorMessage } from '../../ui/Field.tsx';
import { reportClientError } from '../../errors/report.ts';
import { useRefreshBasketCount } from './basket-count.ts';
import { useAddToBasketMutation } from './AddToBasketMutation.ts';
import { ExpressBuy } from './ExpressBuy.tsx';
import { SOMETHING_WRONG } from './words.ts';
import type { AddToBasket_deal$key, AddToBasket_deal$data } from '../../__generated__/AddToBasket_deal.graphql';
import './buying.css';

/** Most units the quantity select offers when no cap or stock figure is lower. */
const QUANTITY_SELECT_MAX = 10;

type Product = AddToBasket_deal$data['products'][number];

/** The quantities one option allows now: from (2 for price-per-person deals) up to its cap and what is left. */
function quantityRange(product: Pick<Product, 'purchaseCap' | 'remaining'>, pricePerPerson: boolean): { min: number; max: number } {
  const min = pricePerPerson ? PRICE_PER_PERSON_MIN_QUANTITY : 1;
  const max = Math.min(QUANTITY_SELECT_MAX, product.purchaseCap ?? QUANTITY_SELECT_MAX, product.remaining ?? QUANTITY_SELECT_MAX);
  return { min, max };
}

/** VIP-exclusive options go in the basket of VIP members only (spec §6). */
const buyable = (p: Product, pricePerPerson: boolean, vip: boolean) => {
  const { min, max } = quantityRange(p, pricePerPerson);
  return !p.soldOut && !p.disabled && max >= min && (!p.vipExclusive || vip);
};

/** What a non-member reads beside a VIP-only option: what joining costs and gives (spec §9), and how. */
const VIP_ONLY_NOTE = `For VIP members only. VIP costs ${formatMoney(VIP_PRICE_PENCE, 'GBP')} a year and gives extra savings of up to 10%: add it at checkout, signed in, with your next order.`;

const nightsLabel = (n: number) => (n === 1 ? '1 night' : `${n} nights`);

/**
 * The buy box's form (spec §4 basket creation, §5 purchase limits): choose the option (sold-out
 * ones disabled and marked), the nights when the options are priced by nights, the quantity
 * within the option's limit (at least 2 for a price-per-person deal), the deposit or the full
 * price when the option has a deposit; then addToBasket and on to the basket page (/checkout).
 * A refusal (StockError: sold out, not enough left, the purchase limit) shows its words here.
 */
export function AddToBasket({ deal }: { deal: AddToBasket_deal$key }) {
  const d = useFragment(
    graphql`
      fragment AddToBasket_deal on Deal {
        dealId
        pricePerPerson
        products {
          id
          productId
          title
          price {
            amount
            formatted
          }
          displayDiscount
          purchaseCap
          remaining
          soldOut
          disabled
          vipExclusive
          hasDeposit
          depositPrice {
            amount
            formatted
          }
          # the headline (price + unavoidable postage), its original and saving on the same basis
          headlinePrice {
            amount
            formatted
          }
          headlineOriginalPrice {
            amount
            formatted
          }
          headlineDiscountPercentage
          includedPostage {
            amount
            formatted
          }
          numberOfNights
        }
      }
    `,
    deal,
  );
  const id = useId();
  const navigate = useNavigate();
  const [addToBasket] = useAddToBasketMutation();
  const refreshBasketCount = useRefreshBasketCount();
  const { vip } = useAuthState();
  // Spec §3 bcor: night options, the selected nights and the products they leave.
  const nightOptions = [...new Set(d.products.map((p) => p.numberOfNights).filter((n): n is number => n != null && n > 0))].sort((a, b) => a - b);
  const [nights, setNights] = useState<number | null>(nightOptions[0] ?? null);
  const shown = nightOptions.length > 1 && nights !== null ? d.products.filter((p) => p.numberOfNights === nights) : d.products;
  const firstBuyable = shown.find((p) => buyable(p, d.pricePerPerson, vip));
  const [chosenId, setChosenId] = useState<number | null>(firstBuyable?.productId ?? null);
  const chosen = shown.find((p) => p.productId === chosenId && buyable(p, d.pricePerPerson, vip)) ?? firstBuyable ?? null;
  const range = chosen ? quantityRange(chosen, d.pricePerPerson) : { min: 1, max: 1 };
  const [quantity, setQuantity] = useState(range.min);
  const qty = Math.min(Math.max(quantity, range.min), range.max);
  const [payDeposit, setPayDeposit] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const single = shown.length === 1;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !chosen) return;
    setBusy(true);
    setError(null);
    try {
      const input = {
        dealId: d.dealId,
        productId: chosen.productId,
        quantity: qty,
        payDeposit: chosen.hasDeposit && payDeposit,
        nights: chosen.numberOfNights ?? null,
        purchaseUrl: window.location.pathname,
      };
      const result = await addToBasket({ input });
      if (result.ok) {
        // A basket made just now is not yet the store's root basket: the header asks for its count.
        refreshBasketCount();
        // Spec §4: "then go to the basket page".
        await navigate('/checkout');
        return;
      }
      setError(result.message || SOMETHING_WRONG);
    } catch (err) {
      reportClientError(err);
      setError(SOMETHING_WRONG);
    }
    setBusy(false);
  }

  const errorId = `${id}-error`;
  const anyBuyable = d.products.some((p) => buyable(p, d.pricePerPerson, vip));
  const membersOnlyLeft = !anyBuyable && d.products.some((p) => buyable(p, d.pricePerPerson, true));

  return (
    <>
      <form className="buy-form" aria-label="Buy this deal" noValidate onSubmit={(e) => void onSubmit(e)}>
        {nightOptions.length > 1 ? (
          <div className="buy-form__field">
            <label className="form-label" htmlFor={`${id}-nights`}>
              Nights
            </label>
            <select id={`${id}-nights`} className="select" value={nights ?? ''} onChange={(e) => setNights(Number(e.target.value))}>
              {nightOptions.map((n) => (
                <option key={n} value={n}>
                  {nightsLabel(n)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <fieldset className="choices buy-form__options" aria-describedby={error ? errorId : undefined}>
          <legend className="form-legend">{single ? 'Your option' : 'Choose your option'}</legend>
          <ul className="options__list" aria-label="Deal options">
            {shown.map((p) => {
              const canBuy = buyable(p, d.pricePerPerson, vip);
              const membersOnly = p.vipExclusive && !vip;
              const discounted = p.headlineOriginalPrice.amount > p.headlinePrice.amount;
              const optionId = `${id}-option-${p.productId}`;
              return (
                <li key={p.id} className={`option buy-option${canBuy ? '' : ' option--unavailable'}${chosen?.productId === p.productId ? ' buy-option--chosen' : ''}`}>
                  <input
                    type="radio"
                    className="radio__input buy-option__radio"
                    name="productId"
                    id={optionId}
                    value={p.productId}
                    checked={chosen?.productId === p.productId}
                    disabled={!canBuy}
                    onChange={() => {
                      setChosenId(p.productId);
                      setError(null);
                    }}
                  />
                  <label htmlFor={optionId} className="buy-option__label">
                    <span className="option__head">
                      <span className="option__title">{p.title}</span>
                      <span className="option__badges">
                        {p.vipExclusive ? <span className="badge badge--vip">{membersOnly ? 'VIP only' : 'VIP exclusive'}</span> : null}
                        {p.soldOut ? <span className="badge badge--soldout">Sold out</span> : null}
                        {!p.soldOut && p.disabled ? <span className="badge badge--soldout">Unavailable</span> : null}
                      </span>
                    </span>
                    <Price
                      price={p.headlinePrice.formatted}
                      original={discounted ? p.headlineOriginalPrice.formatted : null}
                      discount={discounted && p.displayDiscount ? p.headlineDiscountPercentage : null}
                      amount={p.headlinePrice.amount}
                    />
                    {d.pricePerPerson ? <span className="buy-option__fact">per person, for {PRICE_PER_PERSON_MIN_QUANTITY} or more</span> : null}
                    {p.numberOfNights && nightOptions.length <= 1 ? <span className="buy-option__fact">{nightsLabel(p.numberOfNights)}</span> : null}
                    {p.includedPostage.amount > 0 ? <span className="buy-option__fact">incl. {p.includedPostage.formatted} postage</span> : null}
                    {membersOnly ? <span className="buy-option__fact buy-option__vip-note">{VIP_ONLY_NOTE}</span> : null}
                    {p.remaining != null && !p.soldOut ? (
                      <span className="buy-option__remaining">{p.remaining === 1 ? '1 remaining' : `${p.remaining} remaining`}</span>
                    ) : null}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        {chosen ? (
          <>
            <div className="buy-form__field">
              <label className="form-label" htmlFor={`${id}-qty`}>
                Quantity
              </label>
              {d.pricePerPerson ? (
                <div className="form-hint" id={`${id}-qty-hint`}>
                  At least {PRICE_PER_PERSON_MIN_QUANTITY}: this deal is priced per person.
                </div>
              ) : null}
              <select
                id={`${id}-qty`}
                className="select"
                value={qty}
                aria-describedby={d.pricePerPerson ? `${id}-qty-hint` : undefined}
                onChange={(e) => {
                  setQuantity(Number(e.target.value));
                  setError(null);
                }}
              >
                {Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            {chosen.hasDeposit && chosen.depositPrice ? (
              <fieldset className="choices buy-form__deposit">
                <legend className="form-legend">How would you like to pay?</legend>
                <div className="choices__list">
                  <div className="radio">
                    <input type="radio" className="radio__input" id={`${id}-full`} name="payDeposit" checked={!payDeposit} onChange={() => setPayDeposit(false)} />
                    <label className="radio__label" htmlFor={`${id}-full`}>
                      Pay in full today ({chosen.price.formatted} each)
                    </label>
                  </div>
                  <div className="radio">
                    <input type="radio" className="radio__input" id={`${id}-deposit`} name="payDeposit" checked={payDeposit} onChange={() => setPayDeposit(true)} />
                    <label className="radio__label" htmlFor={`${id}-deposit`}>
                      Pay a {chosen.depositPrice.formatted} deposit today, and the rest to the merchant
                    </label>
                  </div>
                </div>
              </fieldset>
            ) : null}
          </>
        ) : null}
        {error ? (
          <div role="alert">
            <ErrorMessage id={errorId} messages={[error]} />
          </div>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--large buy-form__submit"
          disabled={!chosen}
          aria-busy={busy || undefined}
          aria-describedby={error ? errorId : undefined}
          onClick={(e) => {
            if (busy) e.preventDefault();
          }}
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {!anyBuyable ? (membersOnlyLeft ? 'For VIP members only' : 'Sold out') : chosen ? (busy ? 'Adding…' : 'Buy now') : 'Choose an option'}
        </button>
      </form>
      {chosen ? <ExpressBuy dealId={d.dealId} productId={chosen.productId} optionTitle={chosen.title} /> : null}
    </>
  );
}
