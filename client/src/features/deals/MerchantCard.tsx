import { graphql, useFragment } from 'react-relay';
import type { MerchantCard_merchant$key } from '../../__generated__/MerchantCard_merchant.graphql';

/** The business behind the deal, with its address (its rating and reviews: features/reviews/MerchantReviews). */
export function MerchantCard({ merchant }: { merchant: MerchantCard_merchant$key }) {
  const m = useFragment(
    graphql`
      fragment MerchantCard_merchant on Merchant {
        name
        address
        postcode
        website
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
