import { useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Price } from '../../ui/Price.tsx';
import { PostageNote } from './DealPrice.tsx';
import type { DealOption_product$key } from '../../__generated__/DealOption_product.graphql';

/** Most units one order line offers in the quantity select when no cap says otherwise. */
const MAX_QUANTITY = 10;

/**
 * One buyable option of a deal: its headline price (postage included), what it includes (deposit, nights) and a
 * quantity select. Buying is not open yet (the basket lands in a later issue), so the button
 * says so and is disabled rather than pretending.
 */
export function DealOption({ product, noteId }: { product: DealOption_product$key; noteId: string }) {
  const p = useFragment(
    graphql`
      fragment DealOption_product on DealProduct {
        title
        # the headline: price with the postage a shopper cannot avoid, and the saving on that basis
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
        displayDiscount
        # purchaseCap, remaining: bound the quantity select
        purchaseCap
        remaining
        soldOut
        disabled
        vipExclusive
        hasDeposit
        depositPrice {
          formatted
        }
        numberOfNights
      }
    `,
    product,
  );
  const id = useId();
  const [quantity, setQuantity] = useState(1);
  const unavailable = p.soldOut || p.disabled;
  const max = Math.max(1, Math.min(MAX_QUANTITY, p.purchaseCap ?? MAX_QUANTITY, p.remaining ?? MAX_QUANTITY));
  const discounted = p.headlineOriginalPrice.amount > p.headlinePrice.amount;
  const titleId = `${id}-title`;

  return (
    <li className={`option${unavailable ? ' option--unavailable' : ''}`} aria-labelledby={titleId}>
      <div className="option__head">
        <h3 id={titleId} className="option__title">
          {p.title}
        </h3>
        <div className="option__badges">
          {p.vipExclusive ? <span className="badge badge--vip">VIP exclusive</span> : null}
          {p.soldOut ? <span className="badge badge--soldout">Sold out</span> : null}
          {!p.soldOut && p.disabled ? <span className="badge badge--soldout">Unavailable</span> : null}
        </div>
      </div>
      <Price
        price={p.headlinePrice.formatted}
        amount={p.headlinePrice.amount}
        original={discounted ? p.headlineOriginalPrice.formatted : null}
        discount={discounted && p.displayDiscount ? p.headlineDiscountPercentage : null}
        size="lg"
      />
      <PostageNote postage={p.includedPostage} />
      {(p.hasDeposit && p.depositPrice) || p.numberOfNights ? (
        <ul className="option__facts">
          {p.numberOfNights ? <li>{p.numberOfNights === 1 ? '1 night' : `${p.numberOfNights} nights`}</li> : null}
          {p.hasDeposit && p.depositPrice ? <li>Or pay a {p.depositPrice.formatted} deposit today</li> : null}
        </ul>
      ) : null}
      {p.remaining != null && p.remaining > 0 && p.remaining <= 20 && !unavailable ? (
        <p className="option__remaining">Only {p.remaining} left today</p>
      ) : null}
      <div className="option__buy">
        {!unavailable ? (
          <div className="option__quantity">
            <label htmlFor={`${id}-qty`}>Quantity</label>
            <select id={`${id}-qty`} value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
              {Array.from({ length: max }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="button" className="button button--primary option__button" disabled aria-describedby={unavailable ? undefined : noteId}>
          {p.soldOut ? 'Sold out' : unavailable ? 'Unavailable' : 'Coming soon'}
        </button>
      </div>
    </li>
  );
}
