import { graphql, useFragment } from 'react-relay';
import { formatDate } from '../../lib/text.ts';
import { BUCKET_WORDS } from './wallet-words.ts';
import type { WalletCreditLots_state$key } from '../../__generated__/WalletCreditLots_state.graphql';

/**
 * The credit that expires and is still unspent, soonest first: how much is left of each, and the
 * last day it can be spent. Nothing when no credit has a date.
 */
export function WalletCreditLots({ state, headingLevel = 2, none = null }: { state: WalletCreditLots_state$key; headingLevel?: 2 | 3; none?: React.ReactNode }) {
  const { creditLots } = useFragment(
    graphql`
      fragment WalletCreditLots_state on WalletState {
        creditLots {
          bucket
          amount {
            formatted
          }
          remaining {
            formatted
          }
          expiresAt
          description
        }
      }
    `,
    state,
  );
  if (creditLots.length === 0) return <>{none}</>;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="wallet-lots" aria-labelledby="wallet-lots-title">
      <Heading id="wallet-lots-title" className="panel__title">
        Credit that expires
      </Heading>
      <p>Spend it before the date shown: after that it is removed from your wallet. The credit closest to its date is spent first.</p>
      <table className="wallet-table">
        <caption className="visually-hidden">Credit that expires, soonest first</caption>
        <thead>
          <tr>
            <th scope="col">Credit</th>
            <th scope="col">Left to spend</th>
            <th scope="col">Use by</th>
          </tr>
        </thead>
        <tbody>
          {creditLots.map((lot, i) => (
            <tr key={`${lot.expiresAt}-${i}`}>
              <td>
                {lot.description}
                <span className="wallet-table__note">
                  {BUCKET_WORDS[lot.bucket === 'MARKETING' ? 'MARKETING' : 'REFUNDABLE'].label}, {lot.amount.formatted} given
                </span>
              </td>
              <td className="wallet-table__money">{lot.remaining.formatted}</td>
              <td>
                <time dateTime={lot.expiresAt}>{formatDate(lot.expiresAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
