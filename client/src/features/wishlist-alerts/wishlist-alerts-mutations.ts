/**
 * Wish list alerts (issue 19 point 2): turning the two kinds on or off from the account, and
 * turning one off from the signed link in such an email (no login).
 */
import { graphql, useMutation } from 'react-relay';
import type { wishlistAlertsMutationsUpdateMutation } from '../../__generated__/wishlistAlertsMutationsUpdateMutation.graphql';
import type { wishlistAlertsMutationsUnsubscribeMutation } from '../../__generated__/wishlistAlertsMutationsUnsubscribeMutation.graphql';

export const useUpdateWishlistAlertsMutation = () =>
  useMutation<wishlistAlertsMutationsUpdateMutation>(graphql`
    mutation wishlistAlertsMutationsUpdateMutation($input: UpdateWishlistAlertsInput!) {
      updateWishlistAlerts(input: $input) {
        __typename
        ... on WishlistAlertPreferences {
          priceDrops
          backInStock
        }
      }
    }
  `);

export const useUnsubscribeWishlistAlertMutation = () =>
  useMutation<wishlistAlertsMutationsUnsubscribeMutation>(graphql`
    mutation wishlistAlertsMutationsUnsubscribeMutation($input: TokenInput!) {
      unsubscribeWishlistAlert(input: $input) {
        __typename
        ... on WishlistAlertUnsubscribed {
          kind
          email
          message
        }
        ...UserErrorFields @alias(as: "userError")
      }
    }
  `);
