import { useState, type FormEvent } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { profileSchema } from '@shop/domain/accounts';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { SubmitButton, TextField } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { AccountPage } from '../../features/accounts/AccountPage.tsx';
import { check, formValues } from '../../features/accounts/form-helpers.ts';
import { useSubmit } from '../../features/accounts/use-submit.ts';
import { mutate } from '../../features/accounts/mutate.ts';
import type { ProfilePageQuery } from '../../__generated__/ProfilePageQuery.graphql';
import type { ProfilePageMutation } from '../../__generated__/ProfilePageMutation.graphql';

/** /myaccount/profile (spec §2 "View Account Details"): the shopper's name; the email shown, not editable. */
export function loader() {
  return preloadRouteQuery<ProfilePageQuery>('myaccount-profile', query, {});
}

const FIELDS = { firstName: 'First name', lastName: 'Last name' };

export function Component() {
  const { viewer } = usePreloadedQuery<ProfilePageQuery>(query, useLoaderData() as PreloadedQuery<ProfilePageQuery>);
  const { form, busy, send } = useSubmit();
  const [saved, setSaved] = useState(0);
  if (!viewer) return null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setSaved(0);
    const checked = check(profileSchema, formValues(e.currentTarget));
    if (!checked.ok) return form.show(checked.errors);
    await send(
      'updateProfile',
      // The answer's viewer updates the store: the header greets the new name at once.
      async () => (await mutate<ProfilePageMutation>(mutation, { input: checked.data })).updateProfile,
      (result) => {
        if (result.__typename !== 'ProfileUpdated') return false;
        form.clear();
        setSaved(Date.now());
        return true;
      },
    );
  }

  return (
    <AccountPage title="Account details" hasErrors={form.errors.length > 0} summary={<ErrorSummary errors={form.errors} attempt={form.attempt} fields={FIELDS} />}>
      {saved ? (
        <Notice key={saved} title="Your details have been saved" variant="success" focus>
          <p>We’ll use your name on your vouchers and in our emails.</p>
        </Notice>
      ) : null}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="panel" aria-label="Your name">
        <div className="auth-form__names">
          <TextField name="firstName" label="First name" autoComplete="given-name" spellCheck={false} defaultValue={viewer.firstName ?? ''} errors={form.of('firstName')} />
          <TextField name="lastName" label="Last name" autoComplete="family-name" spellCheck={false} defaultValue={viewer.lastName ?? ''} errors={form.of('lastName')} />
        </div>
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Saving…">
            Save details
          </SubmitButton>
        </div>
      </form>
      <section className="panel panel--quiet" aria-labelledby="email-title">
        <h2 id="email-title" className="panel__title">
          Email address
        </h2>
        <p className="readonly-value">{viewer.email}</p>
        <p className="form-hint">
          This is the address you sign in with and where we send your vouchers. To change it, please contact our customer support team.
        </p>
      </section>
    </AccountPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query ProfilePageQuery {
    viewer {
      id
      firstName
      lastName
      email
    }
  }
`;

const mutation = graphql`
  mutation ProfilePageMutation($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      __typename
      ... on ProfileUpdated {
        viewer {
          id
          name
          firstName
          lastName
          email
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
    }
  }
`;
