import { graphql, useFragment } from 'react-relay';
import { BUCKET_WORDS } from './wallet-words.ts';
import type { WalletBalances_state$key } from '../../__generated__/WalletBalances_state.graphql';

/**
 * The wallet's balances per currency (spec §3 Wallet entry): the total, and each part with what it
 * means at checkout. `empty` shows for a shopper never credited.
 */
export function WalletBalances({ state, empty }: { state: WalletBalances_state$key; empty: React.ReactNode }) {
  const { userWallet } = useFragment(
    graphql`
      fragment WalletBalances_state on WalletState {
        userWallet {
          currency
          balance {
            formatted
          }
          marketingBalance {
            formatted
          }
          refundableBalance {
            formatted
          }
        }
      }
    `,
    state,
  );
  if (userWallet.length === 0) return <>{empty}</>;
  return (
    <div className="wallet-balances">
      {userWallet.map((w) => (
        <section key={w.currency} className="panel wallet-balance" aria-labelledby={`wallet-${w.currency}`}>
          <h2 id={`wallet-${w.currency}`} className="panel__title">
            {userWallet.length > 1 ? `Your ${w.currency === 'GBP' ? 'pounds' : 'euros'} balance` : 'Your balance'}
          </h2>
          <p className="wallet-balance__total" data-testid={`wallet-balance-${w.currency}`}>
            {w.balance.formatted}
          </p>
          <dl className="facts wallet-balance__parts">
            <div>
              <dt>{BUCKET_WORDS.REFUNDABLE.label}</dt>
              <dd>
                <strong>{w.refundableBalance.formatted}</strong>
                <span className="wallet-balance__meaning">{BUCKET_WORDS.REFUNDABLE.meaning}</span>
              </dd>
            </div>
            <div>
              <dt>{BUCKET_WORDS.MARKETING.label}</dt>
              <dd>
                <strong>{w.marketingBalance.formatted}</strong>
                <span className="wallet-balance__meaning">{BUCKET_WORDS.MARKETING.meaning}</span>
              </dd>
            </div>
          </dl>
        </section>
      ))}
    </div>
  );
}
