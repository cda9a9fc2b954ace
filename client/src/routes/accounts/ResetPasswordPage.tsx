import { graphql } from 'react-relay';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { ChoosePassword } from '../../features/accounts/ChoosePassword.tsx';
import { mutate } from '../../features/accounts/mutate.ts';
import type { ResetPasswordPageMutation } from '../../__generated__/ResetPasswordPageMutation.graphql';

/** /reset-password?token= (the forgot-password email's link): a new password; no sign-in after. */
export function Component() {
  return <ChoosePassword mode="reset" submit={async (input) => (await mutate<ResetPasswordPageMutation>(mutation, { input })).resetPassword} />;
}

export const ErrorBoundary = RouteErrorBoundary;

const mutation = graphql`
  mutation ResetPasswordPageMutation($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      __typename
      ... on PasswordReset {
        message
      }
      ... on ValidationError {
        message
        field
      }
      ... on InvalidLinkError {
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
