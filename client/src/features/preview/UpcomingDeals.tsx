import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link } from 'react-router';
import { previewStatusText } from '@shop/domain/deal-preview';
import type { UpcomingDealsQuery } from '../../__generated__/UpcomingDealsQuery.graphql';
import './preview.css';

/**
 * The merchant dashboard's upcoming deals (issue 19 point 6): the business's deals not live yet,
 * scheduled first, each with where it stands and a Preview link to its page as shoppers will see
 * it. Nothing at all when the business has none.
 */
export function UpcomingDeals({ businessId }: { businessId: string }) {
  const { viewer } = useLazyLoadQuery<UpcomingDealsQuery>(
    graphql`
      query UpcomingDealsQuery($businessId: ID!) {
        viewer {
          merchant {
            business(id: $businessId) {
              upcomingDeals {
                status
                liveFrom
                previewUrl
                deal {
                  dealId
                  title
                }
              }
            }
          }
        }
      }
    `,
    { businessId },
    { fetchPolicy: 'store-and-network' },
  );
  const upcoming = viewer?.merchant?.business?.upcomingDeals ?? [];
  if (upcoming.length === 0) return null;
  return (
    <section className="upcoming-deals" aria-labelledby="upcoming-deals-title">
      <h2 id="upcoming-deals-title">Upcoming deals</h2>
      <ul className="upcoming-deals__list">
        {upcoming.map((u) => (
          <li key={u.deal.dealId} className="upcoming-deals__item">
            <span className="upcoming-deals__title">{u.deal.title}</span>
            <span className="upcoming-deals__status">{previewStatusText(u.status as Parameters<typeof previewStatusText>[0], u.liveFrom ?? null)}</span>
            <Link to={u.previewUrl} aria-label={`Preview ${u.deal.title}`}>
              Preview
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
