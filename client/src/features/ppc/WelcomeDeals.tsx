import type { ReactNode } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { DealList } from '../deals/DealList.tsx';
import type { WelcomeDeals_query$key } from '../../__generated__/WelcomeDeals_query.graphql';
import type { WelcomeDealsPaginationQuery } from '../../__generated__/WelcomeDealsPaginationQuery.graphql';

/** The campaign's deals in its order, 12 a page (the landing page of a paid link, /welcome). */
export function WelcomeDeals({ query, label, empty }: { query: WelcomeDeals_query$key; label: string; empty: ReactNode }) {
  const { data, ...paging } = usePaginationFragment<WelcomeDealsPaginationQuery, WelcomeDeals_query$key>(
    graphql`
      fragment WelcomeDeals_query on Query
      @refetchable(queryName: "WelcomeDealsPaginationQuery")
      @argumentDefinitions(
        campaign: { type: "String" }
        first: { type: "Int", defaultValue: 12 }
        after: { type: "String" }
        page: { type: "Int" }
      ) {
        welcomeCampaign(campaign: $campaign) {
          deals(first: $first, after: $after, page: $page) @connection(key: "WelcomeDeals_deals") {
            totalCount
            pageSize
            edges {
              ...DealList_edges
            }
          }
        }
      }
    `,
    query,
  );
  const { totalCount, pageSize, edges } = data.welcomeCampaign.deals;
  return <DealList label={label} edges={edges} totalCount={totalCount} pageSize={pageSize} paging={paging} fallbackPageSize={12} empty={empty} />;
}
