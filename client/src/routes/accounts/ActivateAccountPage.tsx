import { graphql } from 'react-relay';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { ChoosePassword } from '../../features/accounts/ChoosePassword.tsx';
import { mutate } from '../../features/accounts/mutate.ts';
import type { ActivateAccountPageMutation } from '../../__generated__/ActivateAccountPageMutation.graphql';

/** /activate-account?token= (the express account email's link): the first password; no sign-in after. */
export function Component() {
  return <ChoosePassword mode="activate" submit={async (input) => (await mutate<ActivateAccountPageMutation>(mutation, { input })).activatePassword} />;
}

export const ErrorBoundary = RouteErrorBoundary;

const mutation = graphql`
  mutation ActivateAccountPageMutation($input: ResetPasswordInput!) {
    activatePassword(input: $input) {
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
