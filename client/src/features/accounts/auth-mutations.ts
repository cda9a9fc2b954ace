/**
 * The mutations that sign a shopper in or up (spec §7 login, register, the emailed sign-in and
 * confirmation links), each a hook over useMutation. A sign-in's answer (LoginResult) is
 * selected once, in authMutations_loginResult, for the three ways in.
 */
import { graphql, readInlineData, useMutation } from 'react-relay';
import type { authMutations_loginResult$data, authMutations_loginResult$key } from '../../__generated__/authMutations_loginResult.graphql';
import type { authMutationsLoginMutation } from '../../__generated__/authMutationsLoginMutation.graphql';
import type { authMutationsRegisterMutation } from '../../__generated__/authMutationsRegisterMutation.graphql';
import type { authMutationsSignInWithLinkMutation } from '../../__generated__/authMutationsSignInWithLinkMutation.graphql';
import type { authMutationsConfirmEmailMutation } from '../../__generated__/authMutationsConfirmEmailMutation.graphql';

// The viewer's fields are the header's (auth.ts) and the account pages': the store has them at once.
/* eslint-disable relay/unused-fields, relay/must-colocate-fragment-spreads -- @inline: the pages read these fields from readLoginResult's answer, the viewer's from the store */
const loginResult = graphql`
  fragment authMutations_loginResult on LoginResult @inline {
    __typename
    ... on LoginSuccess {
      viewer {
        id
        name
        vipUser
        firstName
        lastName
        email
      }
    }
    ...UserErrorFields @alias(as: "userError")
    ... on RateLimitedError { retryAfterSeconds }
  }
`;
/* eslint-enable relay/unused-fields, relay/must-colocate-fragment-spreads */

export type LoginResult = authMutations_loginResult$data;
export const readLoginResult = (ref: authMutations_loginResult$key): LoginResult => readInlineData(loginResult, ref);

export const useLoginMutation = () =>
  useMutation<authMutationsLoginMutation>(graphql`
    mutation authMutationsLoginMutation($input: LoginInput!) {
      login(input: $input) {
        ...authMutations_loginResult
      }
    }
  `);

export const useSignInWithLinkMutation = () =>
  useMutation<authMutationsSignInWithLinkMutation>(graphql`
    mutation authMutationsSignInWithLinkMutation($input: TokenInput!) {
      signInWithLink(input: $input) {
        ...authMutations_loginResult
      }
    }
  `);

export const useConfirmEmailMutation = () =>
  useMutation<authMutationsConfirmEmailMutation>(graphql`
    mutation authMutationsConfirmEmailMutation($input: TokenInput!) {
      confirmEmail(input: $input) {
        ...authMutations_loginResult
      }
    }
  `);

export const useRegisterMutation = () =>
  useMutation<authMutationsRegisterMutation>(graphql`
    mutation authMutationsRegisterMutation($input: RegisterInput!) {
      register(input: $input) {
        __typename
        ... on RegisterAccepted {
          message
          email
        }
        ...UserErrorFields @alias(as: "userError")
        ... on RateLimitedError { retryAfterSeconds }
      }
    }
  `);
