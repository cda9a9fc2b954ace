import { graphql, usePaginationFragment } from 'react-relay';
import { formatDate } from '../../lib/text.ts';
import { ShowMore } from '../../ui/ShowMore.tsx';
import type { ReferralList_referFriend$key } from '../../__generated__/ReferralList_referFriend.graphql';
import type { ReferralListPaginationQuery } from '../../__generated__/ReferralListPaginationQuery.graphql';

const REFERRALS_PAGE_SIZE = 20;

const STATUS_WORDS = {
  JOINED: 'Registered: waiting for their first order',
  PENDING: 'Pending',
  CREDITED: 'Credited',
  VOID: 'No credit: the order was refunded or not eligible',
} as const;

/** The friends who joined through the link, newest first, with what each pays and when. */
export function ReferralList({ referFriend }: { referFriend: ReferralList_referFriend$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<ReferralListPaginationQuery, ReferralList_referFriend$key>(
    graphql`
      fragment ReferralList_referFriend on Customer
      @refetchable(queryName: "ReferralListPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
        referFriend {
          referrals(first: $first, after: $after) @connection(key: "ReferralList_referrals") {
            edges {
              node {
                id
                friend
                status
                joinedAt
                dueAt
                settledAt
                amount {
                  amount
                  formatted
                }
              }
            }
          }
        }
      }
    `,
    referFriend,
  );
  const edges = data.referFriend?.referrals.edges ?? [];
  return (
    <section className="panel" aria-labelledby="referrals-title">
      <h2 id="referrals-title" className="panel__title">
        Your referrals
      </h2>
      {edges.length === 0 ? (
        <p>No friends have registered through your link yet. Share it above to get started.</p>
      ) : (
        <ul className="referral-list">
          {edges.map(({ node }) => (
            <li key={node.id} className="referral-list__item" data-status={node.status}>
              <span className="referral-list__friend">{node.friend}</span>
              <span className="referral-list__status">{STATUS_WORDS[node.status as keyof typeof STATUS_WORDS] ?? node.status}</span>
              <span className="referral-list__when">
                {node.status === 'PENDING' && node.dueAt
                  ? `${node.amount.formatted} for you after ${formatDate(node.dueAt)}`
                  : node.status === 'CREDITED' && node.settledAt
                    ? `${node.amount.amount > 0 ? `${node.amount.formatted} added` : 'Your friend got £10 (you reached the 20-friend limit)'} on ${formatDate(node.settledAt)}`
                    : `Joined ${formatDate(node.joinedAt)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ShowMore hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} pageSize={REFERRALS_PAGE_SIZE} what="of your referrals" />
    </section>
  );
}
