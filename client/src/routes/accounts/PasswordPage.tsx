import { useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router';
import { changePasswordSchema, type ChangePasswordInput } from '@shop/domain/accounts';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { PasswordField } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { AccountPage } from '../../features/accounts/AccountPage.tsx';
import { AccountFormPage } from '../../features/accounts/AccountFormPage.tsx';
import { PasswordRules } from '../../features/accounts/ChoosePassword.tsx';
import { commitAsync } from '../../relay/commit.ts';
import { useChangePasswordMutation } from '../../features/accounts/password-mutations.ts';
import { useAccountForm } from '../../features/accounts/use-account-form.ts';
import type { PasswordPageQuery } from '../../__generated__/PasswordPageQuery.graphql';

/**
 * /myaccount/password (spec §5): current password, new password, confirm new password; every
 * rule the new password breaks has its own message, in the summary and at the field.
 */
export function loader() {
  return preloadRouteQuery<PasswordPageQuery>('myaccount-password', query, {});
}

export function Component() {
  const { viewer } = usePreloadedQuery<PasswordPageQuery>(query, useLoaderData() as PreloadedQuery<PasswordPageQuery>);
  const [commit] = useChangePasswordMutation();
  const { form, busy, send, register, reset, onSubmit } = useAccountForm<ChangePasswordInput>(changePasswordSchema, { all: true });
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

  const change = (input: ChangePasswordInput) =>
    send(
      'changePassword',
      async () => (await commitAsync(commit, { variables: { input } })).changePassword,
      (result) => {
        if (result.__typename !== 'PasswordChanged') return false;
        form.clear();
        reset();
        setChanged(Date.now());
        return true;
      },
    );

  return (
    <AccountFormPage
      title="Change your password"
      form={form}
      fields={{ currentPassword: 'Current password', newPassword: 'New password', confirmPassword: 'Confirm new password' }}
      done={changed ? { at: changed, title: 'Your password has been changed', body: 'Use your new password next time you sign in. We’ve signed you out on your other devices.' } : null}
      label="Change your password"
      onSubmit={(e) => {
        setChanged(0);
        onSubmit(change)(e);
      }}
      submit={{ busy, label: 'Change password', busyLabel: 'Changing…' }}
      actions={<Link to="/forgot-password">Forgotten your current password?</Link>}
    >
      <PasswordField {...register('currentPassword')} label="Current password" autoComplete="current-password" errors={form.of('currentPassword')} />
      <PasswordField {...register('newPassword')} label="New password" hint={<PasswordRules />} autoComplete="new-password" errors={form.of('newPassword')} />
      <PasswordField {...register('confirmPassword')} label="Confirm new password" autoComplete="new-password" errors={form.of('confirmPassword')} />
    </AccountFormPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query PasswordPageQuery {
    viewer {
      # The id keeps the viewer one record in the store, shared with the header and the other pages.
      # eslint-disable-next-line relay/unused-fields
      id
      socialLogins
      status {
        hasPassword
      }
    }
  }
`;
