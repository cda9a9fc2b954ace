import { graphql } from 'react-relay';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { setViewerInStore } from '../../features/accounts/auth.ts';
import { mutate } from '../../features/accounts/mutate.ts';
import { TokenSignInLink } from '../../features/accounts/TokenSignInLink.tsx';
import type { ConfirmEmailPageMutation } from '../../__generated__/ConfirmEmailPageMutation.graphql';

/**
 * /confirm-email?token= (the registration email's link): confirms the address, signs the
 * shopper in and sends them on.
 */
export function Component() {
  return (
    <TokenSignInLink
      name="confirmEmail"
      run={async (token) => (await mutate<ConfirmEmailPageMutation>(mutation, { input: { token } }, (store) => setViewerInStore(store, { root: 'confirmEmail' }))).confirmEmail}
      description="Confirm the email address of your Thistle Deals account."
      workingTitle="Confirming your email address"
      working="Confirming your email address…"
      failedTitle="We couldn’t confirm your email address"
      rules="Confirmation links work for 7 days, and only once. If you’ve already confirmed your address, just sign in."
      successFlash="Your email address is confirmed and you’re signed in."
      primary={{ to: '/login', label: 'Sign in' }}
      secondary={{ to: '/register', label: 'Create an account' }}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const mutation = graphql`
  mutation ConfirmEmailPageMutation($input: TokenInput!) {
    confirmEmail(input: $input) {
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
      ... on LoginFailedError {
        code
        message
        field
      }
      ... on AccountLockedError {
        code
        message
        field
      }
      ... on RateLimitedError {
        code
        message
        field
      }
      ... on ValidationError {
        code
        message
        field
      }
    }
  }
`;
