import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { dealProductJsonLd, dealStructuredData, type ProductJsonLd } from '@shop/domain/structured-data';
import type { SeoProduct_deal$key } from '../__generated__/SeoProduct_deal.graphql';

/**
 * A deal page's schema.org Product with its Offer (domain/src/structured-data.ts), for
 * <Seo structuredData>: the same builder and fields as the server's head
 * (gateway/src/html/shop-pages.ts), so a deal reached by client-side navigation carries the
 * same JSON-LD as one loaded from the server. The offer's price is the price the page shows
 * first (headlinePrice, as DealPrice shows it); no offer when the page hides prices.
 */
/* eslint-disable relay/unused-fields -- domain's dealStructuredData reads these fields, as the server's head does */
export function useDealProductJsonLd(dealKey: SeoProduct_deal$key | null | undefined): ProductJsonLd | null {
  const deal = useFragment(
    graphql`
      fragment SeoProduct_deal on Deal {
        dealId
        title
        headline
        description
        url
        image {
          url
        }
        merchant {
          name
        }
        headlinePrice {
          amount
          currency
        }
        priceDisplay
        closingDate
        products {
          soldOut
          disabled
        }
      }
    `,
    dealKey ?? null,
  );
  /* eslint-enable relay/unused-fields */
  // Read the clock once per mount (render must stay pure), as DealSummary does for "ended".
  const [now] = useState(() => new Date());
  if (!deal) return null;
  return dealProductJsonLd(
    dealStructuredData(deal),
    window.location.origin,
    now,
  );
}
