import { graphql, useFragment } from 'react-relay';
import { Price } from '../../ui/Price.tsx';
import type { DealPrice_deal$key } from '../../__generated__/DealPrice_deal.graphql';
import './deals.css';

/**
 * A deal's headline price per its priceDisplay mode (spec §3): 'from' when several products
 * are priced, the original price struck through, and the discount unless the card shows it.
 * The headline includes the postage a shopper cannot avoid (DMCC drip pricing: Deal.headlinePrice),
 * said beneath it; the original price and discount are on the same basis.
 */
export function DealPrice({ deal, size = 'md', showDiscount = true }: { deal: DealPrice_deal$key; size?: 'md' | 'lg' | 'xl'; showDiscount?: boolean }) {
  const d = useFragment(
    graphql`
      fragment DealPrice_deal on Deal {
        headlinePrice {
          amount
          formatted
        }
        # headlineOriginalPrice: shown struck through when it is above the headline price
        headlineOriginalPrice {
          amount
          formatted
        }
        headlineDiscountPercentage
        includedPostage {
          amount
          formatted
        }
        showFromPrice
        priceDisplay
      }
    `,
    deal,
  );
  if (d.priceDisplay === 'HIDDEN') return null;
  const discounted = d.headlineOriginalPrice.amount > d.headlinePrice.amount;
  const withOriginal = discounted && d.priceDisplay !== 'SHOW_PRICE';
  const withDiscount = showDiscount && withOriginal && d.priceDisplay !== 'SHOW_ORIGINAL_PRICE';
  return (
    <div className="deal-price">
      <Price
        price={d.headlinePrice.formatted}
        amount={d.headlinePrice.amount}
        original={withOriginal ? d.headlineOriginalPrice.formatted : null}
        discount={withDiscount ? d.headlineDiscountPercentage : null}
        from={d.showFromPrice}
        size={size}
      />
      <PostageNote postage={d.includedPostage} />
    </div>
  );
}

/** "incl. £2.99 postage" under a headline price that includes postage; nothing when it includes none. */
function PostageNote({ postage }: { postage: { amount: number; formatted: string } }) {
  return postage.amount > 0 ? <p className="price-note">incl. {postage.formatted} postage</p> : null;
}
