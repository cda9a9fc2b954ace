import { graphql, useLazyLoadQuery } from 'react-relay';
import { formatDate } from '../../lib/text.ts';
import type { VoucherHistoryQuery } from '../../__generated__/VoucherHistoryQuery.graphql';

/**
 * The voucher's history, oldest first (the help panel's "progress" section). Read only when the
 * section is opened: the vouchers service answers one voucher's history per call, so the list
 * does not ask it for every card. Only the voucher's holder gets it (anyone else: none).
 */
export function VoucherHistory({ voucherId }: { voucherId: string }) {
  const data = useLazyLoadQuery<VoucherHistoryQuery>(query, { id: voucherId }, { fetchPolicy: 'store-or-network' });
  const history = data.node?.history ?? [];
  if (history.length === 0) return <p>There is no history to show for this voucher.</p>;
  return (
    <ol className="voucher-history">
      {history.map((event, i) => (
        <li key={`${event.at}-${i}`} className="voucher-history__event">
          <time dateTime={event.at} className="voucher-history__date">
            {formatDate(event.at)}
          </time>
          <span className="voucher-history__status">{event.toStatus}</span>
          <span className="voucher-history__reason">{event.reason}</span>
        </li>
      ))}
    </ol>
  );
}

const query = graphql`
  query VoucherHistoryQuery($id: ID!) {
    node(id: $id) {
      ... on Voucher {
        history {
          toStatus
          reason
          at
        }
      }
    }
  }
`;
