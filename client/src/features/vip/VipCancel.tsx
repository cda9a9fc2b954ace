import { useState } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { Notice } from '../../ui/Notice.tsx';
import { formatDate } from '../../lib/text.ts';
import type { VipCancel_viewer$key } from '../../__generated__/VipCancel_viewer.graphql';
import type { VipCancelMutation, VipRefundState } from '../../__generated__/VipCancelMutation.graphql';
import './vip.css';

/** Where the money went, in words. */
function vipRefundMessage(r: { refundState: VipRefundState; cardAmount: { amount: number; formatted: string }; walletAmount: { amount: number; formatted: string } }): string {
  const parts: string[] = [];
  if (r.cardAmount.amount > 0) {
    parts.push(r.refundState === 'FAILED' ? `We could not refund ${r.cardAmount.formatted} to your card automatically: our team will pay it back to you.` : `${r.cardAmount.formatted} is being refunded to the card or account you paid with.`);
  }
  if (r.walletAmount.amount > 0) parts.push(`${r.walletAmount.formatted} is back in your wallet.`);
  return `Your VIP membership has ended. ${parts.join(' ')}`.trim();
}

/**
 * Cancel VIP (issue 18 point 5; UK DMCC Act 2024): as few steps as joining took. Within 14 days
 * of joining or renewing: "Cancel VIP membership" asks once ("Yes, cancel and refund £4.99" or
 * "Keep VIP") and the membership ends at once, refunded. After the 14 days there is nothing to
 * cancel (it never renews by itself): a line says so and when it ends.
 */
export function VipCancel({ viewer }: { viewer: VipCancel_viewer$key }) {
  const v = useFragment(
    graphql`
      fragment VipCancel_viewer on Customer {
        vipStatus
        vipValidUntil
        vipCancellation {
          orderNumber
          refundable
          refundableUntil
          amount {
            formatted
          }
        }
      }
    `,
    viewer,
  );
  const [commit, busy] = useMutation<VipCancelMutation>(graphql`
    mutation VipCancelMutation($input: CancelVipMembershipInput!) {
      cancelVipMembership(input: $input) {
        __typename
        ... on VipMembershipCancelled {
          refundState
          cardAmount {
            amount
            formatted
          }
          walletAmount {
            amount
            formatted
          }
          viewer {
            id
            # The header's VIP flag reads the same record.
            # eslint-disable-next-line relay/unused-fields
            vipUser
            # eslint-disable-next-line relay/unused-fields
            vipStatus
            # eslint-disable-next-line relay/unused-fields
            vipValidUntil
            # eslint-disable-next-line relay/unused-fields
            vipCancellation {
              orderNumber
            }
          }
        }
        ... on UserError {
          message
        }
      }
    }
  `);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (done) {
    return (
      <Notice title="VIP membership cancelled" variant="success" headingLevel={3} focus>
        <p>{done}</p>
      </Notice>
    );
  }
  const c = v.vipCancellation;
  if (v.vipStatus !== 'ACTIVE' || !c) return null;
  if (!c.refundable) {
    return (
      <p className="vip-cancel">
        Your membership does not renew automatically{v.vipValidUntil ? `: it ends on ${formatDate(v.vipValidUntil)}` : ''}, and nothing more will be charged. Its 14 days to cancel for a refund ended on{' '}
        {formatDate(c.refundableUntil)}.
      </p>
    );
  }

  function cancel(orderNumber: string) {
    if (busy) return;
    setError(null);
    commit({
      variables: { input: { orderNumber } },
      onCompleted: (data) => {
        const r = data.cancelVipMembership;
        if (r.__typename === 'VipMembershipCancelled' && r.refundState && r.cardAmount && r.walletAmount) setDone(vipRefundMessage({ refundState: r.refundState, cardAmount: r.cardAmount, walletAmount: r.walletAmount }));
        else setError(r.message || BUYING_MESSAGES.somethingWrong);
      },
      onError: () => setError('Sorry, we could not reach our servers. Please try again.'),
    });
  }

  return (
    <div className="vip-cancel">
      <p>
        You can cancel until {formatDate(c.refundableUntil)} and get your {c.amount.formatted} back: your VIP prices end at once. It does not renew automatically.
      </p>
      {error ? (
        <p className="error-message" role="alert">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <div role="group" aria-label="Cancel VIP membership?">
          <p>
            <strong>Cancel your VIP membership and refund {c.amount.formatted}?</strong>
          </p>
          <p className="button-row">
            <button type="button" className="button button--primary" aria-disabled={busy} onClick={() => cancel(c.orderNumber)}>
              {busy ? 'Cancelling…' : `Yes, cancel and refund ${c.amount.formatted}`}
            </button>{' '}
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              Keep VIP
            </button>
          </p>
        </div>
      ) : (
        <p>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            Cancel VIP membership
          </button>
        </p>
      )}
    </div>
  );
}
