import { useId } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { ShowMore } from '../../ui/ShowMore.tsx';
import { formatDate } from '../../lib/text.ts';
import type { WalletHistory_viewer$key } from '../../__generated__/WalletHistory_viewer.graphql';
import type { WalletHistoryPaginationQuery } from '../../__generated__/WalletHistoryPaginationQuery.graphql';

/** History lines a page (the gateway serves at most 50). */
const WALLET_HISTORY_PAGE_SIZE = 20;

/**
 * Every posting of the wallet, newest first: what it was for, the change, and when; "Show more"
 * appends the next page in place (ignored while one is on its way; a failure offers to try again).
 * A wallet that cannot be read has no history (null): the page shows its error instead.
 */
export function WalletHistory({ viewer }: { viewer: WalletHistory_viewer$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<WalletHistoryPaginationQuery, WalletHistory_viewer$key>(
    graphql`
      fragment WalletHistory_viewer on Customer
      @refetchable(queryName: "WalletHistoryPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        walletState {
          history(first: $first, after: $after) @connection(key: "WalletHistory_history") {
            edges {
              node {
                id
                description
                change {
                  amount
                  formatted
                }
                createdAt
              }
            }
          }
        }
      }
    `,
    viewer,
  );
  const statusId = useId();
  const edges = data.walletState.history?.edges ?? [];
  return (
    <section className="wallet-history" aria-labelledby="wallet-history-title">
      <h2 id="wallet-history-title" className="panel__title">
        Wallet history
      </h2>
      {edges.length === 0 ? (
        <p>Nothing has been paid into or out of your wallet yet.</p>
      ) : (
        <>
          <ul className="wallet-history__items" aria-describedby={statusId}>
            {edges.map(({ node }) => (
              <li key={node.id} className="wallet-history__item">
                <span className="wallet-history__what">{node.description}</span>
                <time className="wallet-history__when" dateTime={node.createdAt}>
                  {formatDate(node.createdAt)}
                </time>
                <span className={`wallet-history__change ${node.change.amount > 0 ? 'wallet-history__change--in' : ''}`}>
                  {node.change.amount > 0 ? `+${node.change.formatted}` : node.change.amount === 0 ? 'No change' : node.change.formatted.replace('-', '−')}
                </span>
              </li>
            ))}
          </ul>
          <ShowMore
            hasNext={hasNext}
            isLoadingNext={isLoadingNext}
            loadNext={loadNext}
            pageSize={WALLET_HISTORY_PAGE_SIZE}
            what="of your wallet history"
            status={{ id: statusId, text: `Showing ${edges.length} ${edges.length === 1 ? 'entry' : 'entries'}${hasNext ? ', newest first' : ''}` }}
          />
        </>
      )}
    </section>
  );
}
