import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { DealPrice } from './DealPrice.tsx';
import { WishlistHeart } from '../wishlist/WishlistHeart.tsx';
import { DiscountBadge } from '../../ui/Price.tsx';
import { TEXT_LIMITS, formatCount, truncate } from '../../lib/text.ts';
import type { DealCard_deal$key } from '../../__generated__/DealCard_deal.graphql';
import { DealImage, IMAGE_SIZES } from './DealImage.tsx';

/**
 * A deal in a grid. The title is the card's link (so the link is named by the title); CSS
 * stretches its hit area over the whole card. A sponsored result (spec §3) wears a "Sponsored"
 * label, says so in its link's name, and links to `href` (the deal with its usr_src).
 */
export function DealCard({
  deal,
  eager = false,
  href,
  sponsored = false,
  vipPrice = false,
  imageSizes = IMAGE_SIZES.card,
}: {
  deal: DealCard_deal$key;
  eager?: boolean;
  /** Where the card links; default the deal page. */
  href?: string;
  sponsored?: boolean;
  /** Show the VIP price whatever the deal's display mode (the VIP lists). */
  vipPrice?: boolean;
  /** How wide the card's picture is drawn (IMAGE_SIZES.card in a grid, .railCard in a rail). */
  imageSizes?: string;
}) {
  const d = useFragment(
    graphql`
      fragment DealCard_deal on Deal {
        title
        url
        soldCount
        # the saving on the headline's basis (postage included), as DealPrice shows it
        headlineDiscountPercentage
        priceDisplay
        image {
          ...DealImage_image
        }
        merchant {
          name
        }
        ...DealPrice_deal
        ...WishlistHeart_deal
      }
    `,
    deal,
  );
  const shortTitle = truncate(d.title, TEXT_LIMITS.dealTitle);
  const showBadge = d.headlineDiscountPercentage > 0 && d.priceDisplay !== 'HIDDEN' && d.priceDisplay !== 'SHOW_PRICE';
  return (
    <article className={sponsored ? 'card card--sponsored' : 'card'}>
      <div className="card__media">
        <DealImage image={d.image} sizes={imageSizes} alt="" lazy={!eager} />
        {showBadge ? <DiscountBadge percent={d.headlineDiscountPercentage} className="badge badge--discount card__badge" /> : null}
        <WishlistHeart deal={d} />
      </div>
      <div className="card__body">
        <p className="card__merchant">
          {sponsored ? <span className="badge badge--sponsored">Sponsored</span> : null} {d.merchant.name}
        </p>
        <h3 className="card__title">
          <Link
            to={href ?? d.url}
            className="card__link"
            aria-label={sponsored ? `${d.title} (sponsored)` : shortTitle === d.title ? undefined : d.title}
          >
            {shortTitle}
          </Link>
        </h3>
        <div className="card__footer">
          <DealPrice deal={d} showDiscount={false} vip={vipPrice} />
          {d.soldCount > 0 ? <p className="card__sold">{formatCount(d.soldCount)} bought</p> : null}
        </div>
      </div>
    </article>
  );
}
