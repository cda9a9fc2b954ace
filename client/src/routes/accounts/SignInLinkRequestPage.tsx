import { graphql } from 'react-relay';
import { Link } from 'react-router';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { EmailLinkRequest } from '../../features/accounts/EmailLinkRequest.tsx';
import { mutate } from '../../features/accounts/mutate.ts';
import type { SignInLinkRequestPageMutation } from '../../__generated__/SignInLinkRequestPageMutation.graphql';

/**
 * /login/email-link: "Email me a sign-in link", the way in without the password (and round the
 * sign-in throttle). The same answer whether or not the address has an account; the emailed link
 * opens /login/link.
 */
export function Component() {
  return (
    <EmailLinkRequest
      name="requestSignInLink"
      request={async (input) => (await mutate<SignInLinkRequestPageMutation>(mutation, { input })).requestSignInLink}
      sent={(result) => (result.__typename === 'SignInLinkRequested' ? result.message : null)}
      title="Email me a sign-in link"
      description="Sign in to your Thistle Deals account with a link sent by email."
      lede="Enter the email address you use with us and we’ll send you a link that signs you in, no password needed."
      formLabel="Email me a sign-in link"
      submitLabel="Send sign-in link"
      sentDetail={(email) => (
        <>
          If {email} has an account with us, we’ve sent it a link that signs you in. The link works for 15 minutes, once.
        </>
      )}
      switchLine={
        <>
          Know your password? <Link to="/login">Sign in</Link>
        </>
      }
      backLine={<Link to="/login">Back to sign in</Link>}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const mutation = graphql`
  mutation SignInLinkRequestPageMutation($input: RequestSignInLinkInput!) {
    requestSignInLink(input: $input) {
      __typename
      ... on SignInLinkRequested {
        message
      }
      ... on ValidationError {
        message
        field
      }
      ... on RateLimitedError {
        message
        field
        retryAfterSeconds
      }
    }
  }
`;
