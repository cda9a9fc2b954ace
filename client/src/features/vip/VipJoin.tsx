import { useState } from 'react';
import { graphql, useMutation } from 'react-relay';
import { useNavigate } from 'react-router';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import type { VipJoinMutation } from '../../__generated__/VipJoinMutation.graphql';
import './vip.css';

/**
 * Join VIP from /deals/vip (issue 18 point 5): one button for a signed-in non-member. It puts the
 * membership in their checkout (on its own, or with what their basket already holds) and opens the
 * checkout, where they see the £4.99 and pay like any order; nothing is charged until they pay.
 */
export function VipJoin() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [commit, busy] = useMutation<VipJoinMutation>(graphql`
    mutation VipJoinMutation($input: JoinVipInput!) {
      joinVip(input: $input) {
        __typename
        ... on UserError {
          message
        }
      }
    }
  `);

  function join() {
    if (busy) return;
    setError(null);
    commit({
      variables: { input: { accept: true } },
      onCompleted: (data) => {
        if (data.joinVip.__typename === 'Checkout') void navigate('/checkout');
        else setError(data.joinVip.message || BUYING_MESSAGES.somethingWrong);
      },
      onError: () => setError('Sorry, we could not reach our servers. Please try again.'),
    });
  }

  return (
    <div className="vip-join">
      {error ? (
        <p className="error-message" role="alert">
          {error}
        </p>
      ) : null}
      <p>
        <button type="button" className="button button--primary" aria-disabled={busy} onClick={join}>
          {busy ? 'Adding VIP…' : 'Join VIP – £4.99 a year'}
        </button>
      </p>
      <p className="vip-join__note">You pay at checkout, on its own or with your basket. Nothing is charged until you pay.</p>
    </div>
  );
}
