/** The signed-in account's own mutations (spec §7 profile and /user/anonymize), hooks over useMutation. */
import { graphql, useMutation } from 'react-relay';
import type { accountMutationsProfileMutation } from '../../__generated__/accountMutationsProfileMutation.graphql';
import type { accountMutationsDeleteMutation } from '../../__generated__/accountMutationsDeleteMutation.graphql';

// The answer's viewer updates the store: the header greets the new name at once.
export const useUpdateProfileMutation = () =>
  useMutation<accountMutationsProfileMutation>(graphql`
    mutation accountMutationsProfileMutation($input: UpdateProfileInput!) {
      updateProfile(input: $input) {
        __typename
        ... on ProfileUpdated {
          viewer {
            id
            name
            firstName
            lastName
            email
          }
        }
        ...UserErrorFields @alias(as: "userError")
        ... on FormErrors { errors { ...UserErrorFields } }
      }
    }
  `);

export const useDeleteAccountMutation = () =>
  useMutation<accountMutationsDeleteMutation>(graphql`
    mutation accountMutationsDeleteMutation($input: DeleteAccountInput!) {
      deleteAccount(input: $input) {
        __typename
        ... on AccountDeleted { message }
        ... on AccountDeletionRequested { message }
        ...UserErrorFields @alias(as: "userError")
        ... on FormErrors { errors { ...UserErrorFields } }
        ... on RateLimitedError { retryAfterSeconds }
      }
    }
  `);
