import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { isFairVipPrice } from '@shop/domain/vip';
import { Price } from '../../ui/Price.tsx';
import { useAuthState } from '../accounts/auth.ts';
import type { DealPrice_deal$key } from '../../__generated__/DealPrice_deal.graphql';
import './deals.css';

/**
 * A deal's headline price per its priceDisplay mode (spec §3): 'from' when several products
 * are priced, the original price struck through, and the discount unless the card shows it.
 * The headline includes the postage a shopper cannot avoid (DMCC drip pricing: Deal.headlinePrice),
 * said beneath it; the original price and discount are on the same basis.
 *
 * "Show VIP discount price" (spec §3; §9 extra saving up to 10%): the VIP option's price after the
 * price (read in that order), when the deal has one that is a fair VIP saving (domain
 * isFairVipPrice). A member reads "Your VIP price £x" (what they pay on the VIP option); anyone
 * else "VIP price £x", and with `joinLink` where to read about joining (/deals/vip).
 */
export function DealPrice({
  deal,
  size = 'md',
  showDiscount = true,
  vip = false,
  joinLink = false,
}: {
  deal: DealPrice_deal$key;
  size?: 'md' | 'lg' | 'xl';
  showDiscount?: boolean;
  /** Show the VIP price whatever the display mode (the VIP lists: every deal there is one for its VIP price). */
  vip?: boolean;
  /** For a non-member, link the VIP price to /deals/vip (the deal page; never inside a card, whose link is the title). */
  joinLink?: boolean;
}) {
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
        price {
          amount
        }
        # spec §3 mainDeal.vipPrice: the fairness rule compares it with price (both postage excluded)
        vipPrice {
          amount
        }
        vipHeadlinePrice {
          formatted
        }
      }
    `,
    deal,
  );
  const auth = useAuthState();
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
      {(vip || d.priceDisplay === 'SHOW_VIP_DISCOUNT_PRICE') && d.vipPrice && d.vipHeadlinePrice && isFairVipPrice(d.vipPrice.amount, d.price.amount) ? (
        <p className="deal-price__vip">
          {auth.vip ? 'Your VIP price' : 'VIP price'} <strong>{d.vipHeadlinePrice.formatted}</strong>
          {joinLink && auth.finished && !auth.vip ? (
            <>
              {' '}
              <span className="deal-price__vip-note">
                for VIP members · <Link to="/deals/vip">Join VIP</Link>
              </span>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** "incl. £2.99 postage" under a headline price that includes postage; nothing when it includes none. */
function PostageNote({ postage }: { postage: { amount: number; formatted: string } }) {
  return postage.amount > 0 ? <p className="price-note">incl. {postage.formatted} postage</p> : null;
}
