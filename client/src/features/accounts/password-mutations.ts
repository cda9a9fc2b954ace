/**
 * The password mutations (spec §7): ask for a reset or sign-in link by email, choose a password
 * from a reset or activation link, change it signed in. Each is a hook over useMutation; the
 * link-password answer (ResetPasswordResult) is selected once for reset and activation.
 */
import { graphql, readInlineData, useMutation } from 'react-relay';
import type { passwordMutations_chosen$data, passwordMutations_chosen$key } from '../../__generated__/passwordMutations_chosen.graphql';
import type { passwordMutationsResetMutation } from '../../__generated__/passwordMutationsResetMutation.graphql';
import type { passwordMutationsActivateMutation } from '../../__generated__/passwordMutationsActivateMutation.graphql';
import type { passwordMutationsRequestResetMutation } from '../../__generated__/passwordMutationsRequestResetMutation.graphql';
import type { passwordMutationsRequestSignInLinkMutation } from '../../__generated__/passwordMutationsRequestSignInLinkMutation.graphql';
import type { passwordMutationsChangeMutation } from '../../__generated__/passwordMutationsChangeMutation.graphql';

/* eslint-disable relay/unused-fields, relay/must-colocate-fragment-spreads -- @inline: ChoosePassword reads these fields from readChosenPassword's answer */
const chosen = graphql`
  fragment passwordMutations_chosen on ResetPasswordResult @inline {
    __typename
    ... on PasswordReset { message }
    ...UserErrorFields @alias(as: "userError")
    ... on RateLimitedError { retryAfterSeconds }
  }
`;
/* eslint-enable relay/unused-fields, relay/must-colocate-fragment-spreads */

export type ChosenPasswordResult = passwordMutations_chosen$data;
export const readChosenPassword = (ref: passwordMutations_chosen$key): ChosenPasswordResult => readInlineData(chosen, ref);

export const useResetPasswordMutation = () =>
  useMutation<passwordMutationsResetMutation>(graphql`
    mutation passwordMutationsResetMutation($input: ResetPasswordInput!) {
      resetPassword(input: $input) {
        ...passwordMutations_chosen
      }
    }
  `);

export const useActivatePasswordMutation = () =>
  useMutation<passwordMutationsActivateMutation>(graphql`
    mutation passwordMutationsActivateMutation($input: ResetPasswordInput!) {
      activatePassword(input: $input) {
        ...passwordMutations_chosen
      }
    }
  `);

// The two emailed-link requests answer alike: a "sent" message whether or not the address has an account.
export const useRequestPasswordResetMutation = () =>
  useMutation<passwordMutationsRequestResetMutation>(graphql`
    mutation passwordMutationsRequestResetMutation($input: RequestPasswordResetInput!) {
      requestPasswordReset(input: $input) {
        __typename
        ... on PasswordResetRequested { message }
        ...UserErrorFields @alias(as: "userError")
        ... on RateLimitedError { retryAfterSeconds }
      }
    }
  `);

export const useRequestSignInLinkMutation = () =>
  useMutation<passwordMutationsRequestSignInLinkMutation>(graphql`
    mutation passwordMutationsRequestSignInLinkMutation($input: RequestSignInLinkInput!) {
      requestSignInLink(input: $input) {
        __typename
        ... on SignInLinkRequested { message }
        ...UserErrorFields @alias(as: "userError")
        ... on RateLimitedError { retryAfterSeconds }
      }
    }
  `);

export const useChangePasswordMutation = () =>
  useMutation<passwordMutationsChangeMutation>(graphql`
    mutation passwordMutationsChangeMutation($input: ChangePasswordInput!) {
      changePassword(input: $input) {
        __typename
        ... on PasswordChanged {
          viewer {
            id
          }
        }
        ...UserErrorFields @alias(as: "userError")
        ... on FormErrors { errors { ...UserErrorFields } }
        ... on RateLimitedError { retryAfterSeconds }
      }
    }
  `);
