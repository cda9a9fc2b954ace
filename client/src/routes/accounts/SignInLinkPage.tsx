import { graphql } from 'react-relay';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { setViewerInStore } from '../../features/accounts/auth.ts';
import { mutate } from '../../features/accounts/mutate.ts';
import { TokenSignInLink } from '../../features/accounts/TokenSignInLink.tsx';
import type { SignInLinkPageMutation } from '../../__generated__/SignInLinkPageMutation.graphql';

/**
 * /login/link?token= (the "Email me a sign-in link" email's link): signs the shopper in with a
 * new session and sends them on.
 */
export function Component() {
  return (
    <TokenSignInLink
      name="signInWithLink"
      run={async (token) => (await mutate<SignInLinkPageMutation>(mutation, { input: { token } }, (store) => setViewerInStore(store, { root: 'signInWithLink' }))).signInWithLink}
      description="Sign in to your Thistle Deals account with a link sent by email."
      workingTitle="Signing you in"
      working="Signing you in…"
      failedTitle="We couldn’t sign you in"
      rules="Sign-in links work for 15 minutes, and only once; a newer link replaces an older one."
      successFlash="You’re signed in."
      primary={{ to: '/login/email-link', label: 'Email me a new link' }}
      secondary={{ to: '/login', label: 'Sign in with your password' }}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const mutation = graphql`
  mutation SignInLinkPageMutation($input: TokenInput!) {
    signInWithLink(input: $input) {
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
