import { Suspense } from 'react';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router';
import { environment } from '../../relay/environment.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { AccountPage } from '../../features/accounts/AccountPage.tsx';
import { ListEmpty } from '../../features/lists/ListEmpty.tsx';
import { WalletBalances } from '../../features/wallet/WalletBalances.tsx';
import { WalletCreditLots } from '../../features/wallet/WalletCreditLots.tsx';
import { WalletError } from '../../features/wallet/WalletError.tsx';
import { WalletHistory } from '../../features/wallet/WalletHistory.tsx';
import { CREDIT_PATH, WALLET_INFO_PATH, WALLET_TERMS_PATH } from '../../features/wallet/wallet-words.ts';
import type { WalletPageQuery } from '../../__generated__/WalletPageQuery.graphql';
import '../../features/lists/lists.css';
import '../../features/wallet/wallet.css';

let held: PreloadedQuery<WalletPageQuery> | undefined;

/**
 * /myaccount/wallet (spec §2 account area; the account menu's "My Wallet"; issue 18 point 1): the
 * balances per currency with what each part means, the credit that expires with its date, and the
 * history of every posting, newest first, with "Show more". Always read from the server (never a
 * stored figure); a wallet that cannot be read shows a message and no figures (spec §4).
 */
export function loader() {
  held?.dispose();
  held = loadQuery<WalletPageQuery>(environment, query, {}, { fetchPolicy: 'network-only' });
  return held;
}

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<WalletPageQuery>;
  return (
    <AccountPage title="My Wallet" lede="Your wallet credit, when it expires, and everything paid into and out of your wallet.">
      <Suspense fallback={<p aria-busy="true">Loading your wallet…</p>}>
        <Wallet queryRef={ref} />
      </Suspense>
      <section className="wallet-help" aria-labelledby="wallet-help-title">
        <h2 id="wallet-help-title" className="panel__title">
          About wallet credit
        </h2>
        <ul>
          <li>
            <Link to={CREDIT_PATH}>Your credit and how it is used at checkout</Link>
          </li>
          <li>
            <Link to={WALLET_INFO_PATH}>Wallet credit explained</Link>
          </li>
          <li>
            <Link to={WALLET_TERMS_PATH}>Wallet terms of use</Link>
          </li>
          <li>
            <Link to="/giftcard/redeem">Redeem a gift card</Link>
          </li>
        </ul>
      </section>
    </AccountPage>
  );
}

function Wallet({ queryRef }: { queryRef: PreloadedQuery<WalletPageQuery> }) {
  const { viewer } = usePreloadedQuery<WalletPageQuery>(query, queryRef);
  // Signed out meanwhile: the layout's guard is already on its way to the login page.
  if (!viewer) return null;
  if (viewer.walletState.hasError) return <WalletError />;
  return (
    <>
      <WalletBalances
        state={viewer.walletState}
        empty={
          <ListEmpty title="Your wallet is empty" actions={[{ href: WALLET_INFO_PATH, label: 'How to get wallet credit' }]}>
            You have no wallet credit yet. Credit from refunds, expired vouchers and offers shows here, ready to spend at checkout.
          </ListEmpty>
        }
      />
      <WalletCreditLots state={viewer.walletState} />
      <WalletHistory viewer={viewer} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query WalletPageQuery {
    viewer {
      # The id keeps the viewer one record in the store, shared with the header and the other pages.
      # eslint-disable-next-line relay/unused-fields
      id
      walletState {
        hasError
        ...WalletBalances_state
        ...WalletCreditLots_state
      }
      ...WalletHistory_viewer
    }
  }
`;
