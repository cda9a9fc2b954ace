import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router';
import { NOINDEX_ROBOTS } from '@shop/domain';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import { reportClientError } from '../errors/report.ts';
import { savePostLoginUrl } from '../features/layouts/post-login.ts';
import { useRedeemGiftCardMutation } from '../features/giftcards/RedeemGiftCardMutation.ts';
import { WALLET_PATH } from '../features/wallet/wallet-words.ts';
import { formatDate } from '../lib/text.ts';
import { environment } from '../relay/environment.ts';
import { SubmitButton, TextField } from '../ui/Field.tsx';
import { Main } from '../ui/Main.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import type { GiftCardRedeemPageQuery } from '../__generated__/GiftCardRedeemPageQuery.graphql';
import '../features/giftcards/giftcards.css';

const PATH = '/giftcard/redeem';
const TERMS_PATH = '/page/giftcardterms';
const UNREACHABLE = 'Sorry, we could not redeem your gift card just now. Nothing has changed: please try again in a few minutes.';

let held: PreloadedQuery<GiftCardRedeemPageQuery> | undefined;

/**
 * /giftcard/redeem (spec §2 Gifts; the footer's "Redeem a gift card"; issue 18 point 2): a
 * signed-in shopper types a gift card's code and its value becomes wallet credit (spec §9: within
 * 6 months of purchase; the credit expires 12 months after redemption). Signed out: sign in or
 * register first and come back here (the return path saved). Every refusal is said at the field
 * in the shop's words: a wrong code, a card redeemed already, one past its 6 months (the day it
 * expired and what to do), too many tries.
 */
export function loader() {
  held?.dispose();
  held = loadQuery<GiftCardRedeemPageQuery>(environment, query, {}, { fetchPolicy: 'network-only' });
  return held;
}

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<GiftCardRedeemPageQuery>;
  return (
    <Main>
      <div className="container gift-card-redeem">
        <Seo title="Redeem a gift card" description="Redeem a Thistle Deals gift card for wallet credit to spend on any deal." robots={NOINDEX_ROBOTS} />
        <header className="page-header">
          <PageHeading>Redeem a gift card</PageHeading>
          <p className="page-header__lede">
            Enter the code of your Thistle Deals gift card and its full value is added to your wallet, to spend on any deal. A gift card can be redeemed within 6 months of
            purchase, and the credit lasts 12 months from the day you redeem it.
          </p>
        </header>
        <Suspense fallback={<p aria-busy="true">Loading…</p>}>
          <Redeem queryRef={ref} />
        </Suspense>
        <p className="gift-card-redeem__terms">
          <Link to={TERMS_PATH}>Gift card terms</Link>
        </p>
      </div>
    </Main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query GiftCardRedeemPageQuery {
    viewer {
      __typename
    }
  }
`;

function Redeem({ queryRef }: { queryRef: PreloadedQuery<GiftCardRedeemPageQuery> }) {
  const { viewer } = usePreloadedQuery<GiftCardRedeemPageQuery>(query, queryRef);
  const [signedOut, setSignedOut] = useState(false);
  if (!viewer || signedOut) return <SignInToRedeem />;
  return <RedeemForm onSignedOut={() => setSignedOut(true)} />;
}

function SignInToRedeem() {
  const save = () => savePostLoginUrl(PATH);
  const redirect = new URLSearchParams({ redirect: PATH });
  return (
    <section className="panel gift-card-redeem__panel" aria-labelledby="gift-card-sign-in-title">
      <h2 id="gift-card-sign-in-title" className="panel__title">
        Sign in to redeem your gift card
      </h2>
      <p>The credit goes into your account’s wallet, so please sign in or register first. We’ll bring you back here.</p>
      <p className="gift-card-redeem__buttons">
        <Link className="button button--primary" to={`/login?${redirect}`} state={{ from: PATH }} onClick={save}>
          Sign in
        </Link>
        <Link className="button button--secondary" to={`/register?${redirect}`} state={{ from: PATH }} onClick={save}>
          Register
        </Link>
      </p>
    </section>
  );
}

function RedeemForm({ onSignedOut }: { onSignedOut: () => void }) {
  const [redeem, busy] = useRedeemGiftCardMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ credit: string; creditExpiresAt: string } | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) statusRef.current?.focus();
  }, [done]);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (code.trim() === '') {
      setError('Enter your gift card code.');
      document.getElementById('field-code')?.focus();
      return;
    }
    setError(null);
    let answer;
    try {
      answer = await redeem({ input: { code: code.trim() } });
    } catch (err) {
      reportClientError(err);
      setError(UNREACHABLE);
      return;
    }
    if (answer.__typename === 'GiftCardRedeemed') {
      setDone({ credit: answer.credit, creditExpiresAt: answer.creditExpiresAt });
      setCode('');
      return;
    }
    if (answer.__typename === 'UnauthenticatedError') {
      onSignedOut();
      return;
    }
    setError(answer.message || UNREACHABLE);
    document.getElementById('field-code')?.focus();
  };

  return (
    <section className="panel gift-card-redeem__panel" aria-labelledby="gift-card-form-title">
      {done ? (
        <div ref={statusRef} tabIndex={-1} role="status" className="notice notice--success gift-card-redeem__done">
          <p>
            <strong>{done.credit} has been added to your wallet.</strong> It can be spent on any deal until{' '}
            <time dateTime={done.creditExpiresAt}>{formatDate(done.creditExpiresAt)}</time>.
          </p>
          <p>
            <Link to={WALLET_PATH}>Go to My Wallet</Link>
          </p>
        </div>
      ) : null}
      <h2 id="gift-card-form-title" className="panel__title">
        {done ? 'Redeem another gift card' : 'Your gift card code'}
      </h2>
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Redeem a gift card">
        <TextField
          name="code"
          label="Gift card code"
          hint="18 letters and numbers, as in the gift card email, for example ABCDEF-GHJKMN-PQRSTU."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          errors={error ? [error] : []}
        />
        <SubmitButton busy={busy} busyLabel="Redeeming…">
          Redeem
        </SubmitButton>
      </form>
    </section>
  );
}
