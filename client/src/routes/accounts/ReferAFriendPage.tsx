import { Suspense } from 'react';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { environment } from '../../relay/environment.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { AccountPage } from '../../features/accounts/AccountPage.tsx';
import { ReferralList } from '../../features/referrals/ReferralList.tsx';
import { ReferralShare } from '../../features/referrals/ReferralShare.tsx';
import { formatDate } from '../../lib/text.ts';
import type { ReferAFriendPageQuery } from '../../__generated__/ReferAFriendPageQuery.graphql';
import '../../features/referrals/referrals.css';

let held: PreloadedQuery<ReferAFriendPageQuery> | undefined;

/**
 * /myaccount/refer-a-friend (spec §2 account area; the account menu's "Refer a friend"; issue 18
 * point 4): the shopper's personal link with copy and share buttons (the web ones in a 550 × 600
 * window, spec §9), the rules exactly as they are paid (£10 each after the friend's first order
 * passes its 14-day refund window, up to 20 friends = £200), the totals and the referrals. Always
 * read from the server. The subscribe popup never shows here (domain/src/popup.ts).
 */
export function loader() {
  held?.dispose();
  held = loadQuery<ReferAFriendPageQuery>(environment, query, {}, { fetchPolicy: 'network-only' });
  return held;
}

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<ReferAFriendPageQuery>;
  return (
    <AccountPage title="Refer a friend" lede="Invite friends to Thistle Deals: when a friend’s first order is past its 14-day refund window, you each get £10 wallet credit.">
      <Suspense fallback={<p aria-busy="true">Loading your referrals…</p>}>
        <ReferAFriend queryRef={ref} />
      </Suspense>
    </AccountPage>
  );
}

function ReferAFriend({ queryRef }: { queryRef: PreloadedQuery<ReferAFriendPageQuery> }) {
  const { viewer } = usePreloadedQuery<ReferAFriendPageQuery>(query, queryRef);
  // Signed out meanwhile: the layout's guard is already on its way to the login page.
  if (!viewer) return null;
  const raf = viewer.referFriend;
  if (!raf) {
    return (
      <p className="error-message" role="alert">
        Sorry, we couldn’t load your referrals just now. Please try again later.
      </p>
    );
  }
  return (
    <>
      <ReferralShare referFriend={raf} />
      <section className="panel" aria-labelledby="referral-totals-title">
        <h2 id="referral-totals-title" className="panel__title">
          Your referral credit
        </h2>
        <dl className="facts referral-totals">
          <div>
            <dt>Link opened</dt>
            <dd>{raf.opens}</dd>
          </div>
          <div>
            <dt>Friends registered</dt>
            <dd>{raf.joined}</dd>
          </div>
          <div>
            <dt>Pending</dt>
            <dd data-testid="referral-pending">
              {raf.pending === 0 ? 'None' : `${raf.pending} (${raf.pendingAmount.formatted}${raf.nextDueAt ? `, the first after ${formatDate(raf.nextDueAt)}` : ''})`}
            </dd>
          </div>
          <div>
            <dt>Credited to you</dt>
            <dd data-testid="referral-credited">
              {raf.creditedAmount.formatted} ({raf.credited} of {raf.maxFriends} friends)
            </dd>
          </div>
        </dl>
      </section>
      <section className="panel" aria-labelledby="referral-rules-title">
        <h2 id="referral-rules-title" className="panel__title">
          How it works
        </h2>
        <ul className="referral-rules">
          {raf.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
      <ReferralList referFriend={viewer} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query ReferAFriendPageQuery {
    viewer {
      # The id keeps the viewer one record in the store, shared with the header and the other pages.
      # eslint-disable-next-line relay/unused-fields
      id
      referFriend {
        opens
        joined
        pending
        pendingAmount {
          formatted
        }
        nextDueAt
        credited
        creditedAmount {
          formatted
        }
        maxFriends
        rules
        ...ReferralShare_referFriend
      }
      ...ReferralList_referFriend
    }
  }
`;
