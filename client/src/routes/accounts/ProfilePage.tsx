import { useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { profileSchema, type ProfileInput } from '@shop/domain/accounts';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { TextField } from '../../ui/Field.tsx';
import { AccountFormPage } from '../../features/accounts/AccountFormPage.tsx';
import { useUpdateProfileMutation } from '../../features/accounts/account-mutations.ts';
import { commitAsync } from '../../relay/commit.ts';
import { useAccountForm } from '../../features/accounts/use-account-form.ts';
import type { ProfilePageQuery } from '../../__generated__/ProfilePageQuery.graphql';

/** /myaccount/profile (spec §2 "View Account Details"): the shopper's name; the email shown, not editable. */
export function loader() {
  return preloadRouteQuery<ProfilePageQuery>('myaccount-profile', query, {});
}

export function Component() {
  const { viewer } = usePreloadedQuery<ProfilePageQuery>(query, useLoaderData() as PreloadedQuery<ProfilePageQuery>);
  const [commit] = useUpdateProfileMutation();
  const { form, busy, send, register, onSubmit } = useAccountForm<ProfileInput>(profileSchema, { defaultValues: { firstName: viewer?.firstName ?? '', lastName: viewer?.lastName ?? '' } });
  const [saved, setSaved] = useState(0);
  if (!viewer) return null;

  const save = (input: ProfileInput) => {
    setSaved(0);
    return send(
      'updateProfile',
      async () => (await commitAsync(commit, { variables: { input } })).updateProfile,
      (result) => {
        if (result.__typename !== 'ProfileUpdated') return false;
        form.clear();
        setSaved(Date.now());
        return true;
      },
    );
  };

  return (
    <AccountFormPage
      title="Account details"
      form={form}
      fields={{ firstName: 'First name', lastName: 'Last name' }}
      done={saved ? { at: saved, title: 'Your details have been saved', body: 'We’ll use your name on your vouchers and in our emails.' } : null}
      label="Your name"
      onSubmit={onSubmit(save)}
      submit={{ busy, label: 'Save details', busyLabel: 'Saving…' }}
      after={
        <section className="panel panel--quiet" aria-labelledby="email-title">
          <h2 id="email-title" className="panel__title">
            Email address
          </h2>
          <p className="readonly-value">{viewer.email}</p>
          <p className="form-hint">This is the address you sign in with and where we send your vouchers. To change it, please contact our customer support team.</p>
        </section>
      }
    >
      <div className="auth-form__names">
        <TextField {...register('firstName')} label="First name" autoComplete="given-name" spellCheck={false} errors={form.of('firstName')} />
        <TextField {...register('lastName')} label="Last name" autoComplete="family-name" spellCheck={false} errors={form.of('lastName')} />
      </div>
    </AccountFormPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query ProfilePageQuery {
    viewer {
      # The id keeps the viewer one record in the store, shared with the header and the other pages.
      # eslint-disable-next-line relay/unused-fields
      id
      firstName
      lastName
      email
    }
  }
`;
