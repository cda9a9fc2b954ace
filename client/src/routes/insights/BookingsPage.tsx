import { useState, useTransition } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { CapacityEditor } from '../../features/merchants/bookings/CapacityEditor.tsx';
import { UpcomingBookings } from '../../features/merchants/bookings/UpcomingBookings.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import type { BookingsPageQuery } from '../../__generated__/BookingsPageQuery.graphql';
import { useInsightsBusiness } from './InsightsLayout.tsx';
import '../../features/merchants/bookings/bookings.css';

const query = graphql`
  query BookingsPageQuery($businessId: ID!) {
    viewer {
      merchant {
        business(id: $businessId) {
          ...UpcomingBookings_business
          bookableDeals {
            deal {
              id
            }
            ...CapacityEditor_bookableDeal
          }
        }
      }
    }
  }
`;

/**
 * /insights/bookings (issue 17 point 4): upcoming bookings of the business's deals booked on a
 * calendar, each confirmed here, and the capacity of each such deal (places per weekday, dates
 * with other places, the change deadline). After each change the page is read again (kept on
 * screen meanwhile) and the change announced.
 */
export function Component() {
  const businessId = useInsightsBusiness();
  const [fetchKey, setFetchKey] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [, startTransition] = useTransition();
  const data = useLazyLoadQuery<BookingsPageQuery>(query, { businessId }, { fetchKey, fetchPolicy: fetchKey === 0 ? 'store-and-network' : 'network-only' });
  const business = data.viewer?.merchant?.business;
  const changed = (text: string) => {
    setAnnouncement(text);
    startTransition(() => setFetchKey((k) => k + 1));
  };
  return (
    <>
      <PageHeading>Bookings</PageHeading>
      <p role="status" aria-live="polite" className="bookings-status-line">
        {announcement}
      </p>
      {business ? (
        <>
          <UpcomingBookings business={business} businessId={businessId} onChanged={changed} />
          <section className="capacity-section" aria-labelledby="capacity-heading">
            <h2 id="capacity-heading">Capacity</h2>
            {business.bookableDeals.length === 0 ? (
              <p className="bookings-empty">None of this business's deals is booked on a calendar, so there is no capacity to set.</p>
            ) : (
              business.bookableDeals.map((b) => <CapacityEditor key={`${b.deal.id}:${fetchKey}`} bookableDeal={b} businessId={businessId} onSaved={changed} />)
            )}
          </section>
        </>
      ) : (
        <p>This business is not one of yours.</p>
      )}
    </>
  );
}
