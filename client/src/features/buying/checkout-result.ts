/**
 * What `checkout` and the checkout's option mutations answer (CheckoutResult), read the one way.
 * Checkout is a Node keyed by its basket, so every answer updates the one Checkout record the
 * page shows: no relinking of the root's `checkout` by hand.
 */
import { useCallback } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { fetchQuery, graphql, readInlineData } from 'relay-runtime';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from './user-error.ts';
import type { checkoutResult_result$key } from '../../__generated__/checkoutResult_result.graphql';
import type { CheckoutView_checkout$key } from '../../__generated__/CheckoutView_checkout.graphql';
import type { checkoutResultReloadQuery } from '../../__generated__/checkoutResultReloadQuery.graphql';

// The view's data is spread where its answers are read, here: CheckoutView uses this module, so
// importing it back (what the rule looks for) would only make a cycle.
/* eslint-disable relay/must-colocate-fragment-spreads */
const checkoutResult = graphql`
  fragment checkoutResult_result on CheckoutResult @inline {
    __typename
    ... on Checkout {
      # countdown: the hold's seconds left when this answer was made (the page's clock starts from it)
      countdown
      ...CheckoutView_checkout @alias(as: "view")
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;
/* eslint-enable relay/must-colocate-fragment-spreads */

/** The checkout (its seconds of hold left, and the view's data), or why there is none. */
export type CheckoutAnswer = { ok: true; countdown: number; view: CheckoutView_checkout$key } | ({ ok: false; typename: string } & AnswerError);

export function readCheckoutResult(ref: checkoutResult_result$key): CheckoutAnswer {
  const result = readInlineData(checkoutResult, ref);
  if (result.__typename === 'Checkout' && result.view) return { ok: true, countdown: result.countdown ?? 0, view: result.view };
  return { ok: false, typename: result.__typename, ...(result.userError ? readUserError(result.userError) : UNKNOWN_ERROR) };
}

/**
 * Reads the checkout again: after a basket change (its totals), or with `refresh` a new hold of
 * the units. Rejects when the request fails.
 */
export function useReloadCheckout() {
  const environment = useRelayEnvironment();
  return useCallback(async (refresh: boolean): Promise<CheckoutAnswer> => {
    const data = await fetchQuery<checkoutResultReloadQuery>(
      environment,
      graphql`
        query checkoutResultReloadQuery($refresh: Boolean!) {
          checkout(refresh: $refresh) {
            ...checkoutResult_result
          }
        }
      `,
      { refresh },
      { fetchPolicy: 'network-only' },
    ).toPromise();
    if (!data) throw new Error('checkout: no answer');
    return readCheckoutResult(data.checkout);
  }, [environment]);
}
