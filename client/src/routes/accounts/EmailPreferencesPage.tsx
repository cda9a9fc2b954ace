import { Suspense, useState, type FormEvent } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { NOINDEX_ROBOTS } from '@shop/domain';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { Main } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { SubmitButton } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { errorTitle, fieldId } from '../../ui/form-errors.ts';
import { messageOf } from '../../features/accounts/form-helpers.ts';
import { commitAsync } from '../../relay/commit.ts';
import { readEmailPreferences, useSaveEmailPreferencesMutation, useUnsubscribeEmailMutation, type EmailPreferencesResult } from '../../features/accounts/email-mutations.ts';
import { useSubmit } from '../../features/accounts/use-account-form.ts';
import { FREQUENCY_LABELS, TOPIC_LABELS } from '../../features/accounts/email-topics.ts';
import type { EmailPreferencesPageQuery } from '../../__generated__/EmailPreferencesPageQuery.graphql';
import type { EmailFrequency, EmailTopic } from '../../__generated__/emailMutationsSaveMutation.graphql';
import '../../features/accounts/accounts.css';

/**
 * /email/preferences?token= (the link in every deals email): which topics, how often, or
 * unsubscribe from everything. No login: the signed token is the permission.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  return token ? { token, ref: preloadRouteQuery<EmailPreferencesPageQuery>('email-preferences', query, { token }) } : null;
}

const TITLE = 'Email preferences';
const DESCRIPTION = 'Choose which deals emails you get from Thistle Deals, and how often.';

export function Component() {
  const data = useLoaderData() as { token: string; ref: PreloadedQuery<EmailPreferencesPageQuery> } | null;
  return (
    <Main>
      <div className="container account-page account-page--narrow">
        {data ? (
          <Suspense fallback={<PageSkeleton />}>
            <Preferences token={data.token} queryRef={data.ref} />
          </Suspense>
        ) : (
          <BadLink message="The link is incomplete. Open it again from one of our emails." />
        )}
      </div>
    </Main>
  );
}

function BadLink({ message }: { message: string }) {
  return (
    <>
      <Seo title={TITLE} description={DESCRIPTION} robots={NOINDEX_ROBOTS} />
      <PageHeading>{TITLE}</PageHeading>
      <Notice title="This link can’t be used" variant="error">
        <p>{message}</p>
      </Notice>
      <p>Every deals email we send has a link to its preferences at the bottom. Signed in, you can also see your subscriptions in your account.</p>
      <p className="form-actions">
        <Link className="button button--primary" to="/myaccount/subscriptions">
          My subscriptions
        </Link>
      </p>
    </>
  );
}

type Prefs = { email: string; subscribed: boolean; confirmed: boolean; topics: readonly EmailTopic[]; frequency: EmailFrequency };

/** The preferences an answer holds, or null when it is a refusal. */
const prefsOf = (result: EmailPreferencesResult): Prefs | null =>
  result.__typename === 'EmailPreferences'
    ? { email: result.email ?? '', subscribed: result.subscribed ?? false, confirmed: result.confirmed ?? false, topics: result.topics ?? [], frequency: result.frequency ?? 'WEEKLY' }
    : null;

function Preferences({ token, queryRef }: { token: string; queryRef: PreloadedQuery<EmailPreferencesPageQuery> }) {
  const result = readEmailPreferences(usePreloadedQuery<EmailPreferencesPageQuery>(query, queryRef).emailPreferences);
  const [prefs, setPrefs] = useState<Prefs | null>(() => prefsOf(result));
  const [saved, setSaved] = useState<{ message: string; at: number } | null>(null);
  const { form, busy, send } = useSubmit();
  // Which of the two forms is being sent (its button shows it).
  const [sending, setSending] = useState<'save' | 'unsubscribe'>('save');
  const [save] = useSaveEmailPreferencesMutation();
  const [unsubscribe] = useUnsubscribeEmailMutation();

  if (!prefs) return <BadLink message={messageOf(result)} />;

  function run(kind: 'save' | 'unsubscribe', request: () => Promise<EmailPreferencesResult>, done: string) {
    setSending(kind);
    setSaved(null);
    void send('email preferences', request, (answer) => {
      const next = prefsOf(answer);
      if (!next) return false;
      form.clear();
      setPrefs(next);
      setSaved({ message: done, at: Date.now() });
      return true;
    });
  }

  function onSave(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const values = new FormData(e.currentTarget);
    const topics = values.getAll('topics').map(String) as EmailTopic[];
    const frequency = String(values.get('frequency') ?? prefs!.frequency) as EmailFrequency;
    run(
      'save',
      async () => readEmailPreferences((await commitAsync(save, { variables: { input: { token, topics, frequency } } })).updateEmailPreferences),
      'Your email preferences have been saved.',
    );
  }

  function onUnsubscribe(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    run(
      'unsubscribe',
      async () => readEmailPreferences((await commitAsync(unsubscribe, { variables: { input: { token } } })).unsubscribeEmail),
      'You’ve been unsubscribed. We won’t send deals emails to this address any more.',
    );
  }

  return (
    <>
      <Seo title={errorTitle(TITLE, form.errors.length > 0)} description={DESCRIPTION} robots={NOINDEX_ROBOTS} />
      <ErrorSummary errors={form.errors} attempt={form.attempt} fields={{ topics: 'Topics', frequency: 'How often' }} />
      <PageHeading>{TITLE}</PageHeading>
      <p className="account-page__lede">
        For <strong>{prefs.email}</strong>
      </p>
      {saved ? (
        <Notice key={saved.at} title={prefs.subscribed ? 'Saved' : 'Unsubscribed'} variant="success" focus>
          <p>{saved.message}</p>
        </Notice>
      ) : null}
      {prefs.subscribed && !prefs.confirmed ? (
        <Notice title="Please confirm your subscription">
          <p>We’ve sent a confirmation link to {prefs.email}. Until you open it, we won’t send you deals emails.</p>
        </Notice>
      ) : null}
      {!prefs.subscribed ? (
        <p className="account-page__status">You’re not subscribed to deals emails. Choose topics and save to subscribe again.</p>
      ) : null}
      <form noValidate onSubmit={onSave} className="panel" aria-label="Email preferences">
        <fieldset className="choices" aria-describedby="topics-hint">
          <legend className="form-legend">What would you like to hear about?</legend>
          <p id="topics-hint" className="form-hint">
            Select all that apply.
          </p>
          <ul className="choices__list">
            {(Object.keys(TOPIC_LABELS) as Array<keyof typeof TOPIC_LABELS>).map((topic, i) => (
              <li key={topic} className="checkbox">
                <input
                  className="checkbox__input"
                  type="checkbox"
                  name="topics"
                  value={topic}
                  id={i === 0 ? fieldId('topics') : `${fieldId('topics')}-${i}`}
                  defaultChecked={prefs.topics.includes(topic)}
                  aria-describedby={`${fieldId('topics')}-${i}-hint`}
                />
                <label className="checkbox__label" htmlFor={i === 0 ? fieldId('topics') : `${fieldId('topics')}-${i}`}>
                  {TOPIC_LABELS[topic].label}
                </label>
                <span id={`${fieldId('topics')}-${i}-hint`} className="form-hint checkbox__hint">
                  {TOPIC_LABELS[topic].hint}
                </span>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className="choices">
          <legend className="form-legend">How often?</legend>
          <ul className="choices__list">
            {(Object.keys(FREQUENCY_LABELS) as Array<keyof typeof FREQUENCY_LABELS>).map((frequency, i) => (
              <li key={frequency} className="radio">
                <input
                  className="radio__input"
                  type="radio"
                  name="frequency"
                  value={frequency}
                  id={i === 0 ? fieldId('frequency') : `${fieldId('frequency')}-${i}`}
                  defaultChecked={prefs.frequency === frequency}
                />
                <label className="radio__label" htmlFor={i === 0 ? fieldId('frequency') : `${fieldId('frequency')}-${i}`}>
                  {FREQUENCY_LABELS[frequency]}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="form-actions">
          <SubmitButton busy={busy && sending === 'save'} busyLabel="Saving…">
            Save preferences
          </SubmitButton>
        </div>
      </form>
      {prefs.subscribed ? (
        <form noValidate onSubmit={onUnsubscribe} className="panel panel--quiet" aria-labelledby="unsubscribe-title">
          <h2 id="unsubscribe-title" className="panel__title">
            Unsubscribe
          </h2>
          <p>Stop every deals email to {prefs.email}. You’ll still get emails about your orders and your account.</p>
          <div className="form-actions">
            <SubmitButton busy={busy && sending === 'unsubscribe'} busyLabel="Unsubscribing…" variant="secondary">
              Unsubscribe from all deals emails
            </SubmitButton>
          </div>
        </form>
      ) : null}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query EmailPreferencesPageQuery($token: String!) {
    emailPreferences(token: $token) {
      ...emailMutations_preferences
    }
  }
`;
