import { useState, type FormEvent } from 'react';
import { graphql, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@shop/domain/accounts';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { CheckboxField, PasswordField } from '../../ui/Field.tsx';
import type { FormError } from '../../ui/form-errors.ts';
import { AccountFormPage } from '../../features/accounts/AccountFormPage.tsx';
import { useDeleteAccountMutation } from '../../features/accounts/account-mutations.ts';
import { commitAsync } from '../../relay/commit.ts';
import { useSubmit } from '../../features/accounts/use-account-form.ts';
import { leaveSignedOut } from '../../features/accounts/session.ts';
import type { DeleteAccountPageQuery } from '../../__generated__/DeleteAccountPageQuery.graphql';

/**
 * /myaccount/delete (spec §2 delete layout, §7 /user/anonymize): what is erased and what is
 * kept, the password again (re-authentication) and a confirmation; then signed out, home.
 *
 * An account without a password (express, Google or Facebook only) proves it by email: the first
 * submit sends a link (single use, 30 minutes) to /myaccount/delete?token=…; opened in this
 * browser while signed in, the page asks for the same confirmation once more, and that submit
 * (with the link's token) deletes. Opening the link alone deletes nothing.
 */
export function loader() {
  return preloadRouteQuery<DeleteAccountPageQuery>('myaccount-delete', query, {});
}

const FIELDS = { password: 'Password', confirm: 'Confirmation' };
const CONFIRM_MESSAGE = 'Tick the box to confirm you want to delete your account';

export function Component() {
  const { viewer } = usePreloadedQuery<DeleteAccountPageQuery>(query, useLoaderData() as PreloadedQuery<DeleteAccountPageQuery>);
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const [commit] = useDeleteAccountMutation();
  const { search } = useLocation();
  const { form, busy, send } = useSubmit();
  const [requested, setRequested] = useState<string | null>(null);
  if (!viewer) return null;
  const hasPassword = viewer.status.hasPassword;
  const linkToken = hasPassword ? null : new URLSearchParams(search).get('token');

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const data = new FormData(e.currentTarget);
    const password = String(data.get('password') ?? '');
    const problems: FormError[] = [];
    if (hasPassword && password.length === 0) problems.push({ field: 'password', message: ACCOUNT_MESSAGES.required });
    if (data.get('confirm') === null) problems.push({ field: 'confirm', message: CONFIRM_MESSAGE });
    if (problems.length > 0) return form.show(problems);
    await send(
      'deleteAccount',
      async () => (await commitAsync(commit, { variables: { input: hasPassword ? { password } : linkToken ? { token: linkToken } : {} } })).deleteAccount,
      async (result) => {
        if (result.__typename === 'AccountDeletionRequested') {
          setRequested(result.message ?? '');
          return true;
        }
        if (result.__typename !== 'AccountDeleted') return false;
        await leaveSignedOut(environment, navigate, undefined, { flash: result.message });
        return true;
      },
      // The link's answer keeps the form; the deletion moves on.
      { keepBusy: hasPassword || linkToken !== null },
    );
  }

  const deletes = hasPassword || linkToken !== null;
  return (
    <AccountFormPage
      title="Delete your account"
      form={form}
      fields={FIELDS}
      before={
        <>
          <p className="account-page__lede">
            This deletes the account of <strong>{viewer.email}</strong>. You can’t undo it.
          </p>
          <DeleteFacts />
          {requested ? (
            <Notice title="Check your email" variant="success" focus>
              <p>{requested}</p>
            </Notice>
          ) : null}
        </>
      }
      hidden={requested !== null}
      label="Delete your account"
      className="panel panel--danger"
      onSubmit={(e) => void onSubmit(e)}
      submit={{ busy, label: deletes ? 'Delete my account' : 'Email me a link to delete my account', busyLabel: deletes ? 'Deleting…' : 'Sending…', variant: 'danger' }}
      actions={<Link to="/myaccount">Keep my account</Link>}
    >
      {!hasPassword ? (
        <p>
          {linkToken
            ? 'You opened the link we emailed you. Confirm once more to delete your account now.'
            : 'Your account has no password, so we’ll email you a link to confirm it’s you. Open it in this browser while signed in to delete the account.'}
        </p>
      ) : null}
      {hasPassword ? <PasswordField name="password" label="Enter your password to confirm it’s you" autoComplete="current-password" errors={form.of('password')} /> : null}
      <CheckboxField name="confirm" label="I understand that deleting my account can’t be undone" errors={form.of('confirm')} />
    </AccountFormPage>
  );
}

/** What deleting erases and what it keeps (spec §2 delete layout). */
function DeleteFacts() {
  return (
    <div className="delete-facts">
      <section className="panel" aria-labelledby="erased-title">
        <h2 id="erased-title" className="panel__title">
          What we erase
        </h2>
        <ul className="tick-list">
          <li>Your name, email address and password</li>
          <li>Your saved details, such as addresses and your wish list</li>
          <li>Your deals email subscription and preferences</li>
          <li>Any Google or Facebook sign-in linked to the account</li>
        </ul>
      </section>
      <section className="panel" aria-labelledby="kept-title">
        <h2 id="kept-title" className="panel__title">
          What we keep
        </h2>
        <ul className="tick-list tick-list--kept">
          <li>Records of your orders and payments, with your name and email address removed, which we must keep for our accounts</li>
          <li>Vouchers you’ve bought are not cancelled. Print or save them first: you won’t be able to see them here again</li>
        </ul>
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query DeleteAccountPageQuery {
    viewer {
      # The id keeps the viewer one record in the store, shared with the header and the other pages.
      # eslint-disable-next-line relay/unused-fields
      id
      email
      status {
        hasPassword
      }
    }
  }
`;
