import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { formatDate } from '../../../lib/text.ts';
import { useCommit } from '../../../relay/use-commit.ts';
import { readUserError } from '../../../ui/UserErrorFields.ts';
import type { ReturnsOnTheirWay_business$key } from '../../../__generated__/ReturnsOnTheirWay_business.graphql';
import type { ReturnsOnTheirWayMutation, ReturnsOnTheirWayMutation$data } from '../../../__generated__/ReturnsOnTheirWayMutation.graphql';

const mutation = graphql`
  mutation ReturnsOnTheirWayMutation($input: MarkReturnReceivedInput!) {
    markReturnReceived(input: $input) {
      __typename
      ... on ReturnMarkedReceived {
        status
      }
      ...UserErrorFields @alias(as: "userError")
    }
  }
`;
type Answer = ReturnsOnTheirWayMutation$data['markReturnReceived'];

/**
 * "Returns on their way" (issue 17 point 5): goods a shopper sent back that the carrier scanned,
 * each with why and its tracking number, and "Mark return received" once the parcel is here (the
 * shopper's refund follows). Nothing on its way says so.
 */
export function ReturnsOnTheirWay({ business, businessId, onReceived }: { business: ReturnsOnTheirWay_business$key; businessId: string; onReceived: (text: string) => void }) {
  const data = useFragment(
    graphql`
      fragment ReturnsOnTheirWay_business on MerchantBusiness {
        returnsOnTheirWay(first: 50) {
          edges {
            node {
              voucherId
              orderNumber
              optionTitle
              reason
              note
              carrier
              trackingNumber
              requestedAt
            }
          }
        }
      }
    `,
    business,
  );
  const [commit] = useCommit<ReturnsOnTheirWayMutation, Answer>(mutation, (r) => r.markReturnReceived);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ voucherId: string; text: string } | null>(null);
  const returns = data.returnsOnTheirWay.edges.map((e) => e.node);

  const receive = async (voucherId: string, orderNumber: string) => {
    if (busy) return;
    setBusy(voucherId);
    setProblem(null);
    try {
      const answer = await commit({ input: { businessId, voucherId } });
      if (answer.__typename === 'ReturnMarkedReceived') {
        onReceived(`Return of order ${orderNumber} received: ${answer.status === 'Refunded' ? 'the shopper has been refunded.' : 'the shopper’s refund is on its way.'}`);
      } else {
        const error = answer.userError ? readUserError(answer.userError) : null;
        setProblem({ voucherId, text: error?.message ?? 'Sorry, something went wrong.' });
      }
    } catch {
      setProblem({ voucherId, text: 'Sorry, we could not reach the shop. Check the connection and try again.' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="posting-section posting-section--returns" aria-labelledby="returns-on-their-way">
      <h2 id="returns-on-their-way">Returns on their way</h2>
      {returns.length === 0 ? (
        <p className="posting-empty">No returns on their way.</p>
      ) : (
        <ul className="posting-list">
          {returns.map((r) => (
            <li key={r.voucherId} className="posting-order">
              <h3 className="posting-order__title">
                Order {r.orderNumber}: {r.optionTitle}
              </h3>
              <p className="posting-order__meta">
                Return asked for on <time dateTime={r.requestedAt}>{formatDate(r.requestedAt)}</time>: {r.reason}
                {r.note ? ` (“${r.note}”)` : ''}
              </p>
              <p>
                {r.carrier}, tracking <span className="posting-tracking">{r.trackingNumber}</span>
              </p>
              {problem?.voucherId === r.voucherId ? (
                <p className="posting-error" role="alert">
                  {problem.text}
                </p>
              ) : null}
              <button type="button" className="button button--primary" aria-busy={busy === r.voucherId || undefined} onClick={() => void receive(r.voucherId, r.orderNumber)}>
                Mark return received<span className="visually-hidden"> for order {r.orderNumber}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
