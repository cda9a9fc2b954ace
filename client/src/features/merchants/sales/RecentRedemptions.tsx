import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import type { RecentRedemptions_account$key } from '../../../__generated__/RecentRedemptions_account.graphql';
import { londonClock } from '../till-words.ts';
import { longDay } from './sales-words.ts';

const CHANNEL_WORDS: Record<string, string> = { TYPED: 'Typed', QR: 'Scanned', CSV: 'File', OFFLINE: 'Scanned offline' };
const RESULT_WORDS: Record<string, string> = {
  REDEEMED: 'Redeemed',
  ALREADY_REDEEMED: 'Already redeemed',
  NOT_REDEEMABLE: 'Not redeemable',
  NOT_FOUND: 'Not found',
  UNDONE: 'Undone',
  UNDO_REFUSED: 'Undo refused',
};
const londonDay = (at: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));

/** The business's latest redemption attempts at the till (MerchantAccount.recentRedemptions), newest first. */
export function RecentRedemptions({ account, redeemHref }: { account: RecentRedemptions_account$key; redeemHref: string }) {
  const { recentRedemptions } = useFragment(
    graphql`
      fragment RecentRedemptions_account on MerchantAccount @argumentDefinitions(businessId: { type: "ID!" }) {
        recentRedemptions(businessId: $businessId, first: 10) {
          channel
          code
          result
          at
        }
      }
    `,
    account,
  );
  const attempts = recentRedemptions ?? [];
  return (
    <section className="sales-panel" aria-labelledby="recent-redemptions">
      <h2 id="recent-redemptions">Recent redemptions</h2>
      {attempts.length === 0 ? (
        <p className="sales-muted">
          No redemptions yet. Vouchers you redeem at the <Link to={redeemHref}>till</Link> appear here.
        </p>
      ) : (
        <div className="sales-table-scroll" role="region" aria-label="Table of recent redemptions" tabIndex={0}>
          <table className="sales-table">
            <caption className="visually-hidden">The latest 10 attempts at the till, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Code</th>
                <th scope="col">How</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((a, i) => (
                <tr key={`${a.at}-${i}`}>
                  <td>
                    {longDay(londonDay(a.at))}, {londonClock(a.at)}
                  </td>
                  <td className="sales-table__code">{a.code}</td>
                  <td>{CHANNEL_WORDS[a.channel] ?? a.channel}</td>
                  <td>
                    <span className={`sales-result sales-result--${a.result.toLowerCase()}`}>{RESULT_WORDS[a.result] ?? a.result}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
