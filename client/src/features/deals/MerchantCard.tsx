import { graphql, useFragment } from 'react-relay';
import type { MerchantCard_merchant$key } from '../../__generated__/MerchantCard_merchant.graphql';

/** The business behind the deal, with its address. */
export function MerchantCard({ merchant }: { merchant: MerchantCard_merchant$key }) {
  const m = useFragment(
    graphql`
      fragment MerchantCard_merchant on Merchant {
        name
        address
        postcode
        website
        rating
        reviewCount
      }
    `,
    merchant,
  );
  return (
    <section className="merchant" aria-labelledby="merchant-name">
      <h2 className="merchant__label">The business</h2>
      <p id="merchant-name" className="merchant__name">
        {m.name}
      </p>
      {m.rating != null && m.reviewCount > 0 ? (
        <p className="merchant__rating">
          <span aria-hidden="true">★ </span>
          {m.rating.toFixed(1)} out of 5 from {m.reviewCount} {m.reviewCount === 1 ? 'review' : 'reviews'}
        </p>
      ) : null}
      <address className="merchant__address">
        {m.address}
        {m.postcode && !m.address.includes(m.postcode) ? `, ${m.postcode}` : ''}
      </address>
      {m.website ? (
        <p>
          <a href={m.website} rel="noopener noreferrer nofollow" target="_blank">
            Visit their website<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </section>
  );
}
