import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { DealPrice } from './DealPrice.tsx';
import { WishlistHeart } from '../wishlist/WishlistHeart.tsx';
import { TEXT_LIMITS, formatCount, truncate } from '../../lib/text.ts';
import type { FeaturedDeal_deal$key } from '../../__generated__/FeaturedDeal_deal.graphql';
import { DealImage, IMAGE_SIZES } from './DealImage.tsx';

/** The homepage hero: the location's top deal, large. Its image is the page's LCP element. */
export function FeaturedDeal({ deal, eyebrow }: { deal: FeaturedDeal_deal$key; eyebrow: string }) {
  const d = useFragment(
    graphql`
      fragment FeaturedDeal_deal on Deal {
        title
        headline
        url
        soldCount
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
  return (
    <article className="hero" aria-labelledby="hero-title">
      <div className="hero__media">
        <DealImage image={d.image} sizes={IMAGE_SIZES.hero} priority />
      </div>
      <div className="hero__body">
        <p className="hero__eyebrow">{eyebrow}</p>
        <h2 id="hero-title" className="hero__title">
          <Link to={d.url}>{truncate(d.title, TEXT_LIMITS.dealTitle)}</Link>
        </h2>
        <p className="hero__merchant">{d.merchant.name}</p>
        <p className="hero__headline">{truncate(d.headline, TEXT_LIMITS.text)}</p>
        <DealPrice deal={d} size="xl" />
        <div className="hero__actions">
          <Link to={d.url} className="button button--primary button--large" aria-hidden="true" tabIndex={-1}>
            See the deal
          </Link>
          <WishlistHeart deal={d} variant="page" />
          {d.soldCount > 0 ? <p className="hero__sold">{formatCount(d.soldCount)} bought</p> : null}
        </div>
      </div>
    </article>
  );
}
