import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useLocation, useNavigate } from 'react-router';
import { NOINDEX_ROBOTS } from '@shop/domain';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import { reportClientError } from '../errors/report.ts';
import { savePostLoginUrl } from '../features/layouts/post-login.ts';
import { useClaimGiftMutation } from '../features/gifts/GiftMutations.ts';
import { claimPath, claimTokenOf, GIFT_WORDS } from '../features/gifts/gift-words.ts';
import { optionTitle } from '../features/vouchers/voucher-words.ts';
import { formatDate } from '../lib/text.ts';
import { SubmitButton, TextField } from '../ui/Field.tsx';
import { Main } from '../ui/Main.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { PageSkeleton } from '../ui/Skeleton.tsx';
import type { ClaimGiftPageQuery } from '../__generated__/ClaimGiftPageQuery.graphql';
import '../features/gifts/gifts.css';
import { DealImage, IMAGE_SIZES } from '../features/deals/DealImage.tsx';

const MY_VOUCHERS = '/myaccount/vouchers';

/**
 * /mygift (spec §2 page type claim-gift; the account menu's and footer's "Claim a gift"; issue 16
 * point 8). With ?claim=<token> (the link of the gift email): what the gift is (the deal, option,
 * merchant, the giver's name and message, the expiry; never the price nor the code) and "Claim
 * your gift"; a signed-out visitor signs in or registers first and comes back here (the return
 * path saved). Claimed, the vouchers are the shopper's: a link to My Vouchers. A gift whose
 * vouchers were all used, refunded or expired since says so and offers no claim; one no longer
 * part of it is marked. Without a token, or
 * with one that is no gift: a form to paste the claim code or link.
 */
export function Component() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('claim');
  return (
    <Main>
      <div className="container claim-gift">
        <Seo title="Claim a gift" description="Claim a gift someone sent you: it goes into your account, ready to use." robots={NOINDEX_ROBOTS} />
        <header className="page-header">
          <PageHeading>Claim a gift</PageHeading>
        </header>
        {token ? (
          <Suspense fallback={<PageSkeleton />}>
            <GiftPreview key={token} token={token} />
          </Suspense>
        ) : (
          <ClaimCodeForm />
        )}
      </div>
    </Main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

/** Paste the code or the link of the gift email: it opens /mygift?claim=<token>; a wrong one says why at the field. */
function ClaimCodeForm({ notFound = false }: { notFound?: boolean }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const token = claimTokenOf(value);
    if (!token) {
      setError(GIFT_WORDS.tokenHelp);
      document.getElementById('field-claim')?.focus();
      return;
    }
    setError(null);
    void navigate(claimPath(token));
  };
  return (
    <section className="claim-gift__form" aria-labelledby="claim-code-title">
      {notFound ? (
        <p className="notice notice--error" role="alert">
          {GIFT_WORDS.notFound}
        </p>
      ) : null}
      <h2 id="claim-code-title">Have a gift email?</h2>
      <p>Paste the claim link from your gift email, or the code after “claim=”.</p>
      <form noValidate onSubmit={onSubmit}>
        <TextField name="claim" label="Gift claim link or code" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} errors={error ? [error] : []} />
        <SubmitButton busy={false}>Find my gift</SubmitButton>
      </form>
    </section>
  );
}

function GiftPreview({ token }: { token: string }) {
  const data = useLazyLoadQuery<ClaimGiftPageQuery>(
    graphql`
      query ClaimGiftPageQuery($token: String!) {
        viewer {
          __typename
        }
        giftClaim(token: $token) {
          giverName
          recipientName
          message
          claimed
          claimable
          vouchers {
            title
            status
            claimable
            expiresAt
            deal {
              title
              url
              image {
                ...DealImage_image
              }
              merchant {
                name
              }
            }
          }
        }
      }
    `,
    { token },
    // Signed in or out since the last look, or claimed meanwhile: always the server's answer.
    { fetchPolicy: 'network-only' },
  );
  const gift = data.giftClaim;
  const [claimed, setClaimed] = useState(false);
  if (!gift) return <ClaimCodeForm notFound />;
  const done = claimed || gift.claimed;
  return (
    <article className="gift-preview" aria-labelledby="gift-preview-title">
      <h2 id="gift-preview-title" className="gift-preview__title">
        A gift for {gift.recipientName} from {gift.giverName}
      </h2>
      {gift.message ? (
        <figure className="gift-preview__message">
          <blockquote>
            <p>{gift.message}</p>
          </blockquote>
          <figcaption>{gift.giverName}</figcaption>
        </figure>
      ) : null}
      <ul className="gift-preview__vouchers" aria-label="What the gift is">
        {gift.vouchers.map((v, i) => (
          <li key={i} className="gift-preview__voucher">
            {v.deal ? <DealImage image={v.deal.image} sizes={IMAGE_SIZES.gift} alt="" lazy /> : null}
            <div>
              <h3>{v.deal ? <Link to={v.deal.url}>{v.deal.title}</Link> : v.title}</h3>
              {v.deal ? <p className="gift-preview__option">{optionTitle(v.title, v.deal.title)}</p> : null}
              {v.deal ? <p className="gift-preview__merchant">{v.deal.merchant.name}</p> : null}
              <p className="gift-preview__validity">
                {v.expiresAt ? (
                  <>
                    Use by <time dateTime={v.expiresAt}>{formatDate(v.expiresAt)}</time>
                  </>
                ) : (
                  'No expiry date'
                )}
              </p>
              {!gift.claimed && !claimed && !v.claimable ? <p className="gift-preview__gone">{GIFT_WORDS.voucherNotIncluded(v.status)}</p> : null}
            </div>
          </li>
        ))}
      </ul>
      {done ? (
        <Claimed />
      ) : !gift.claimable ? (
        // Nothing in it can still be given: say so, offer no claim (the server would refuse it).
        <p className="notice notice--error gift-preview__action" role="alert">
          {GIFT_WORDS.noLongerAvailable}
        </p>
      ) : data.viewer ? (
        <ClaimButton token={token} onClaimed={() => setClaimed(true)} />
      ) : (
        <SignInToClaim token={token} />
      )}
    </article>
  );
}

function SignInToClaim({ token }: { token: string }) {
  const back = claimPath(token);
  const save = () => savePostLoginUrl(back);
  const redirect = new URLSearchParams({ redirect: back });
  return (
    <div className="gift-preview__action">
      <p>Sign in or register to claim your gift: it goes into your account, in My Vouchers.</p>
      <p className="gift-preview__buttons">
        <Link className="button button--primary" to={`/login?${redirect}`} state={{ from: back }} onClick={save}>
          Sign in to claim
        </Link>
        <Link className="button button--secondary" to={`/register?${redirect}`} state={{ from: back }} onClick={save}>
          Register
        </Link>
      </p>
    </div>
  );
}

function ClaimButton({ token, onClaimed }: { token: string; onClaimed: () => void }) {
  const [claimGift, busy] = useClaimGiftMutation();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const onClick = async () => {
    setError(null);
    let answer;
    try {
      answer = await claimGift({ input: { token } });
    } catch (e) {
      reportClientError(e);
      setError(GIFT_WORDS.unreachable);
      return;
    }
    if (answer.__typename === 'GiftClaimed') onClaimed();
    else setError(answer.message || GIFT_WORDS.notFound);
  };
  return (
    <div className="gift-preview__action">
      {error ? (
        <p id={errorId} className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="button button--primary" disabled={busy} aria-describedby={error ? errorId : undefined} onClick={() => void onClick()}>
        {busy ? 'Claiming…' : 'Claim your gift'}
      </button>
    </div>
  );
}

function Claimed() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="gift-preview__action gift-preview__claimed" role="status">
      <p>
        <strong>Your gift is claimed.</strong> It is in your account, ready to use.
      </p>
      <p>
        <Link className="button button--primary" to={MY_VOUCHERS}>
          See it in My Vouchers
        </Link>
      </p>
    </div>
  );
}
