import { graphql, useFragment } from 'react-relay';
import { Price } from '../../ui/Price.tsx';
import type { DealPrice_deal$key } from '../../__generated__/DealPrice_deal.graphql';

/**
 * A deal's headline price per its priceDisplay mode (spec §3): 'from' when several products
 * are priced, the original price struck through, and the discount unless the card shows it.
 */
export function DealPrice({ deal, size = 'md', showDiscount = true }: { deal: DealPrice_deal$key; size?: 'md' | 'lg' | 'xl'; showDiscount?: boolean }) {
  const d = useFragment(
    graphql`
      fragment DealPrice_deal on Deal {
        price {
          amount
          formatted
        }
        # originalPrice: shown struck through when it is above the price
        originalPrice {
          amount
          formatted
        }
        discountPercentage
        showFromPrice
        priceDisplay
      }
    `,
    deal,
  );
  if (d.priceDisplay === 'HIDDEN') return null;
  const discounted = d.originalPrice.amount > d.price.amount;
  const withOriginal = discounted && d.priceDisplay !== 'SHOW_PRICE';
  const withDiscount = showDiscount && withOriginal && d.priceDisplay !== 'SHOW_ORIGINAL_PRICE';
  return (
    <Price
      price={d.price.formatted}
      amount={d.price.amount}
      original={withOriginal ? d.originalPrice.formatted : null}
      discount={withDiscount ? d.discountPercentage : null}
      from={d.showFromPrice}
      size={size}
    />
  );
}
