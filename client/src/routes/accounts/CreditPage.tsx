import { Suspense } from 'react';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router';
import { environment } from '../../relay/environment.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { AccountPage } from '../../features/accounts/AccountPage.tsx';
import { WalletCreditLots } from '../../features/wallet/WalletCreditLots.tsx';
import { WalletError } from '../../features/wallet/WalletError.tsx';
import { HOW_CREDIT_IS_USED, WALLET_INFO_PATH, WALLET_PATH, WALLET_TERMS_PATH } from '../../features/wallet/wallet-words.ts';
import type { CreditPageQuery } from '../../__generated__/CreditPageQuery.graphql';
import '../../features/wallet/wallet.css';

let held: PreloadedQuery<CreditPageQuery> | undefined;

/**
 * /myaccount/credit (spec §2 account area; issue 18 point 1): the credit that expires, soonest
 * first, with what is left of it and its date, and how credit is used at checkout. Always read
 * from the server; a wallet that cannot be read shows a message and no figures (spec §4).
 */
export function loader() {
  held?.dispose();
  held = loadQuery<CreditPageQuery>(environment, query, {}, { fetchPolicy: 'network-only' });
  return held;
}

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<CreditPageQuery>;
  return (
    <AccountPage title="Your credit" lede="The credit in your wallet that expires, soonest first, and how credit is used at checkout.">
      <Suspense fallback={<p aria-busy="true">Loading your credit…</p>}>
        <Credit queryRef={ref} />
      </Suspense>
      <section className="wallet-help" aria-labelledby="credit-use-title">
        <h2 id="credit-use-title" className="panel__title">
          How credit is used at checkout
        </h2>
        <ul>
          {HOW_CREDIT_IS_USED.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          <Link to={WALLET_PATH}>My Wallet</Link> · <Link to={WALLET_INFO_PATH}>Wallet credit explained</Link> · <Link to={WALLET_TERMS_PATH}>Wallet terms of use</Link>
        </p>
      </section>
    </AccountPage>
  );
}

function Credit({ queryRef }: { queryRef: PreloadedQuery<CreditPageQuery> }) {
  const { viewer } = usePreloadedQuery<CreditPageQuery>(query, queryRef);
  if (!viewer) return null;
  if (viewer.walletState.hasError) return <WalletError />;
  return <WalletCreditLots state={viewer.walletState} none={<p className="panel">None of your wallet credit has an expiry date at the moment.</p>} />;
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query CreditPageQuery {
    viewer {
      # eslint-disable-next-line relay/unused-fields
      id
      walletState {
        hasError
        ...WalletCreditLots_state
      }
    }
  }
`;
