import { useState, useTransition } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { OrdersToPost } from '../../features/merchants/posting/OrdersToPost.tsx';
import { ReturnsOnTheirWay } from '../../features/merchants/posting/ReturnsOnTheirWay.tsx';
import { SentOrders } from '../../features/merchants/posting/SentOrders.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import type { OrdersPageQuery } from '../../__generated__/OrdersPageQuery.graphql';
import { useInsightsBusiness } from './InsightsLayout.tsx';
import '../../features/merchants/posting/posting.css';

const query = graphql`
  query OrdersPageQuery($businessId: ID!) {
    viewer {
      merchant {
        business(id: $businessId) {
          ...OrdersToPost_business
          ...ReturnsOnTheirWay_business
          ...SentOrders_business
        }
      }
    }
  }
`;

/**
 * /insights/orders (issue 17 point 5): goods to post with their delivery address, each marked sent
 * with the carrier's tracking reference; returns on their way, marked received; the ones sent.
 * After each change the lists are read again (kept on screen meanwhile) and the change announced.
 */
export function Component() {
  const businessId = useInsightsBusiness();
  const [fetchKey, setFetchKey] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [, startTransition] = useTransition();
  const data = useLazyLoadQuery<OrdersPageQuery>(query, { businessId }, { fetchKey, fetchPolicy: fetchKey === 0 ? 'store-and-network' : 'network-only' });
  const business = data.viewer?.merchant?.business;
  const changed = (text: string) => {
    setAnnouncement(text);
    startTransition(() => setFetchKey((k) => k + 1));
  };
  return (
    <div className="posting-page">
      <PageHeading>Orders to post</PageHeading>
      <p role="status" aria-live="polite" className="posting-status">
        {announcement}
      </p>
      {business ? (
        <>
          <OrdersToPost business={business} businessId={businessId} onSent={changed} />
          <ReturnsOnTheirWay business={business} businessId={businessId} onReceived={changed} />
          <SentOrders business={business} />
        </>
      ) : (
        <p>This business is not one of yours.</p>
      )}
    </div>
  );
}
