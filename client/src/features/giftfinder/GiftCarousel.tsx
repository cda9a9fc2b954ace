import { graphql, useFragment } from 'react-relay';
import { DealRail } from '../lists/DealRail.tsx';
import type { GiftCarousel_finder$key } from '../../__generated__/GiftCarousel_finder.graphql';

/**
 * The gift carousel (spec §9: a page of 20): the chosen recipient's gifts with the biggest saving
 * first, in one scrollable row; "See all" is the recipient's gift finder. Nothing when empty.
 */
export function GiftCarousel({ finder }: { finder: GiftCarousel_finder$key }) {
  const f = useFragment(
    graphql`
      fragment GiftCarousel_finder on GiftFinder {
        recipient {
          label
        }
        carousel(first: 20) {
          canonicalUrl
          edges {
            ...DealRail_edges
          }
        }
      }
    `,
    finder,
  );
  const who = f.recipient ? ` for ${f.recipient.label}` : '';
  return <DealRail title={`Biggest savings on gifts${who}`} seeAllHref={f.carousel.canonicalUrl} seeAllName={`gifts${who}`} edges={f.carousel.edges} />;
}
