import { graphql, useFragment } from 'react-relay';
import { lineDescription } from '@shop/domain/payouts-csv';
import type { PayoutStatementDetail_statement$key } from '../../../__generated__/PayoutStatementDetail_statement.graphql';
import { KIND_WORDS, lineTime, PAYOUT_RULE, weekLabel } from './payouts-words.ts';

/**
 * One week's statement (issue 17 point 6): its totals, every line (voucher code, deal and option,
 * when, what, paid, commission and net) and the downloads, which the shop serves with the session
 * (a CSV and a PDF of exactly these lines). A week with nothing in it says so and offers no file.
 */
/** An amount taken off the gross: "−£11.25", and "£0" when there is nothing to take. */
const less = (m: { amount: number; formatted: string }) => (m.amount === 0 ? m.formatted : `−${m.formatted}`);

export function PayoutStatementDetail({ statement }: { statement: PayoutStatementDetail_statement$key }) {
  const s = useFragment(
    graphql`
      fragment PayoutStatementDetail_statement on PayoutStatement {
        startDate
        endDate
        final
        csvUrl
        pdfUrl
        totals {
          vouchers
          gross {
            formatted
          }
          commission {
            amount
            formatted
          }
          refunds
          refunded {
            amount
            formatted
          }
          net {
            formatted
          }
        }
        lines {
          code
          dealTitle
          title
          kind
          at
          commissionRate
          paid {
            formatted
          }
          commission {
            formatted
          }
          net {
            formatted
          }
        }
      }
    `,
    statement,
  );
  const week = weekLabel(s.startDate, s.endDate);
  return (
    <section className="payouts-panel payouts-statement" aria-labelledby="payouts-statement-h">
      <div className="payouts-statement__bar">
        <h2 id="payouts-statement-h">Statement for {week}</h2>
        {s.lines.length > 0 && (
          <p className="payouts-downloads">
            <a className="button button--secondary" href={s.csvUrl} download>
              Download CSV<span className="visually-hidden"> of the statement for {week}</span>
            </a>
            <a className="button button--secondary" href={s.pdfUrl} download>
              Download PDF<span className="visually-hidden"> of the statement for {week}</span>
            </a>
          </p>
        )}
      </div>
      {!s.final && <p className="payouts-note">This week is not over yet: its statement grows until Monday.</p>}
      <dl className="payouts-totals" aria-label={`Totals for ${week}`}>
        <div>
          <dt>Vouchers</dt>
          <dd>{s.totals.vouchers}</dd>
        </div>
        <div>
          <dt>Gross</dt>
          <dd>{s.totals.gross.formatted}</dd>
        </div>
        <div>
          <dt>Commission</dt>
          <dd>{less(s.totals.commission)}</dd>
        </div>
        <div>
          <dt>Refunds ({s.totals.refunds})</dt>
          <dd>{less(s.totals.refunded)}</dd>
        </div>
        <div className="payouts-totals__net">
          <dt>Net payable</dt>
          <dd>{s.totals.net.formatted}</dd>
        </div>
      </dl>
      {s.lines.length === 0 ? (
        <p className="payouts-empty">No vouchers were redeemed, sent or refunded this week.</p>
      ) : (
        <div className="payouts-table-scroll" role="region" aria-labelledby="payouts-lines-c" tabIndex={0}>
          <table className="payouts-table">
            <caption id="payouts-lines-c">Lines of the statement for {week}</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Voucher</th>
                <th scope="col">Deal and option</th>
                <th scope="col">What</th>
                <th scope="col" className="num">
                  Paid
                </th>
                <th scope="col" className="num">
                  Commission
                </th>
                <th scope="col" className="num">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {s.lines.map((l) => (
                <tr key={`${l.code}:${l.kind}`} className={l.kind === 'CLAWBACK' ? 'payouts-table__clawback' : undefined}>
                  <td>{lineTime(l.at)}</td>
                  <th scope="row" className="payouts-code">
                    {l.code}
                  </th>
                  <td>{lineDescription(l.dealTitle, l.title)}</td>
                  <td>{KIND_WORDS[l.kind] ?? l.kind}</td>
                  <td className="num">{l.paid.formatted}</td>
                  <td className="num">
                    {l.commission.formatted} <span className="payouts-rate">({l.commissionRate})</span>
                  </td>
                  <td className="num">{l.net.formatted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="payouts-note">{PAYOUT_RULE}</p>
    </section>
  );
}
