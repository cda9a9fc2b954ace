import { graphql } from 'react-relay';
import { Link } from 'react-router';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { EmailLinkRequest } from '../../features/accounts/EmailLinkRequest.tsx';
import { mutate } from '../../features/accounts/mutate.ts';
import type { ForgotPasswordPageMutation } from '../../__generated__/ForgotPasswordPageMutation.graphql';

/**
 * /forgot-password (spec §2 login layout): an email address, then the same answer whether or not
 * it has an account. The emailed link opens /reset-password.
 */
export function Component() {
  return (
    <EmailLinkRequest
      name="requestPasswordReset"
      request={async (input) => (await mutate<ForgotPasswordPageMutation>(mutation, { input })).requestPasswordReset}
      sent={(result) => (result.__typename === 'PasswordResetRequested' ? result.message : null)}
      title="Forgotten your password?"
      description="Reset the password of your Thistle Deals account."
      lede="Enter the email address you use with us and we’ll send you a link to choose a new password."
      formLabel="Reset your password"
      submitLabel="Send reset link"
      sentDetail={(email) => (
        <>
          If {email} has an account with us, we’ve sent it a link to choose a new password. The link works for 30 minutes, once.
        </>
      )}
      switchLine={
        <>
          Remembered it? <Link to="/login">Sign in</Link>
        </>
      }
      backLine={<Link to="/login">Back to sign in</Link>}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const mutation = graphql`
  mutation ForgotPasswordPageMutation($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ... on PasswordResetRequested {
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
