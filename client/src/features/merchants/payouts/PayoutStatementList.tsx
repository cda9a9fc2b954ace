import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import type { PayoutStatementList_business$key } from '../../../__generated__/PayoutStatementList_business.graphql';
import { weekLabel } from './payouts-words.ts';

/**
 * The business's last weekly statements (issue 17 point 6), newest first: each week's vouchers,
 * gross, commission, refunds and net payable, and a link that opens its lines. The open week is
 * marked for screen readers (aria-current).
 */
export function PayoutStatementList({ business, openWeek, hrefOf }: { business: PayoutStatementList_business$key; openWeek: string; hrefOf: (week: string) => string }) {
  const { payoutStatements: weeks } = useFragment(
    graphql`
      fragment PayoutStatementList_business on MerchantBusiness {
        payoutStatements(first: 8) {
          startDate
          endDate
          final
          totals {
            vouchers
            gross {
              formatted
            }
            commission {
              formatted
            }
            refunds
            refunded {
              formatted
            }
            net {
              formatted
            }
          }
        }
      }
    `,
    business,
  );
  const quiet = weeks.every((w) => w.totals.vouchers === 0 && w.totals.refunds === 0);
  return (
    <section className="payouts-panel" aria-labelledby="payouts-weeks-h">
      <h2 id="payouts-weeks-h">Weekly statements</h2>
      {quiet && (
        <p className="payouts-empty">
          No payouts yet: nothing was redeemed, sent or refunded in the last {weeks.length} weeks. When a shopper's voucher is redeemed at your till, it appears here in that week's statement.
        </p>
      )}
      <div className="payouts-table-scroll" role="region" aria-labelledby="payouts-weeks-c" tabIndex={0}>
        <table className="payouts-table">
          <caption id="payouts-weeks-c" className="visually-hidden">
            Weekly statements, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">Week</th>
              <th scope="col" className="num">
                Vouchers
              </th>
              <th scope="col" className="num">
                Gross
              </th>
              <th scope="col" className="num">
                Commission
              </th>
              <th scope="col" className="num">
                Refunds
              </th>
              <th scope="col" className="num">
                Net payable
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.startDate} className={w.startDate === openWeek ? 'payouts-table__open' : undefined}>
                <th scope="row">
                  <Link to={hrefOf(w.startDate)} aria-current={w.startDate === openWeek ? 'true' : undefined}>
                    {weekLabel(w.startDate, w.endDate)}
                  </Link>
                  {!w.final && <span className="payouts-badge">In progress</span>}
                </th>
                <td className="num">{w.totals.vouchers}</td>
                <td className="num">{w.totals.gross.formatted}</td>
                <td className="num">{w.totals.commission.formatted}</td>
                <td className="num">{w.totals.refunds ? `${w.totals.refunds} (−${w.totals.refunded.formatted})` : '0'}</td>
                <td className="num payouts-net">{w.totals.net.formatted}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
