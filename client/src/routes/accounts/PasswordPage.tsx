import { useState, type FormEvent } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router';
import { changePasswordSchema } from '@shop/domain/accounts';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { PasswordField, SubmitButton } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { AccountPage } from '../../features/accounts/AccountPage.tsx';
import { PasswordRules } from '../../features/accounts/ChoosePassword.tsx';
import { check, formValues } from '../../features/accounts/form-helpers.ts';
import { useSubmit } from '../../features/accounts/use-submit.ts';
import { mutate } from '../../features/accounts/mutate.ts';
import type { PasswordPageQuery } from '../../__generated__/PasswordPageQuery.graphql';
import type { PasswordPageMutation } from '../../__generated__/PasswordPageMutation.graphql';

/**
 * /myaccount/password (spec §5): current password, new password, confirm new password; every
 * rule the new password breaks has its own message, in the summary and at the field.
 */
export function loader() {
  return preloadRouteQuery<PasswordPageQuery>('myaccount-password', query, {});
}

const FIELDS = { currentPassword: 'Current password', newPassword: 'New password', confirmPassword: 'Confirm new password' };

export function Component() {
  const { viewer } = usePreloadedQuery<PasswordPageQuery>(query, useLoaderData() as PreloadedQuery<PasswordPageQuery>);
  const { form, busy, send } = useSubmit();
  const [changed, setChanged] = useState(0);
  if (!viewer) return null;

  if (!viewer.status.hasPassword) {
    return (
      <AccountPage title="Password">
        <Notice title="You sign in with a social account">
          <p>Your account has no password: you sign in with {viewer.socialLogins.map((p) => (p === 'GOOGLE' ? 'Google' : 'Facebook')).join(' or ') || 'a social account'}.</p>
        </Notice>
        <p>
          To sign in with your email address as well, <Link to="/forgot-password">set a password by email</Link>.
        </p>
      </AccountPage>
    );
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const formElement = e.currentTarget;
    setChanged(0);
    const checked = check(changePasswordSchema, formValues(formElement), { all: true });
    if (!checked.ok) return form.show(checked.errors);
    await send(
      'changePassword',
      async () => (await mutate<PasswordPageMutation>(mutation, { input: checked.data })).changePassword,
      (result) => {
        if (result.__typename !== 'PasswordChanged') return false;
        form.clear();
        formElement.reset();
        setChanged(Date.now());
        return true;
      },
    );
  }

  return (
    <AccountPage title="Change your password" hasErrors={form.errors.length > 0} summary={<ErrorSummary errors={form.errors} attempt={form.attempt} fields={FIELDS} />}>
      {changed ? (
        <Notice key={changed} title="Your password has been changed" variant="success" focus>
          <p>Use your new password next time you sign in. We’ve signed you out on your other devices.</p>
        </Notice>
      ) : null}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="panel" aria-label="Change your password">
        <PasswordField name="currentPassword" label="Current password" autoComplete="current-password" errors={form.of('currentPassword')} />
        <PasswordField name="newPassword" label="New password" hint={<PasswordRules />} autoComplete="new-password" errors={form.of('newPassword')} />
        <PasswordField name="confirmPassword" label="Confirm new password" autoComplete="new-password" errors={form.of('confirmPassword')} />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Changing…">
            Change password
          </SubmitButton>
          <Link to="/forgot-password">Forgotten your current password?</Link>
        </div>
      </form>
    </AccountPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query PasswordPageQuery {
    viewer {
      id
      socialLogins
      status {
        hasPassword
      }
    }
  }
`;

const mutation = graphql`
  mutation PasswordPageMutation($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on PasswordChanged {
        viewer {
          id
        }
      }
      ... on FormErrors {
        message
        errors {
          message
          field
        }
      }
      ... on UnauthenticatedError {
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
