/* eslint-disable relay/unused-fields -- every option day's soldValue.amount is read by salesCsv (the CSV of what is shown), not in this file */
import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { SalesDashboard_sales$key } from '../../../__generated__/SalesDashboard_sales.graphql';
import { SalesChart } from './SalesChart.tsx';
import { downloadCsv } from '../csv.ts';
import { salesCsv, salesCsvName } from './sales-csv.ts';
import { count, dayInPeriod, FIGURES, longDay } from './sales-words.ts';

/** The option's title without the deal's in front of it ("Tea at the Willow: Tea for two" under that deal says "Tea for two"). */
const optionTitle = (title: string, dealTitle: string | null | undefined) => (dealTitle && title.startsWith(`${dealTitle}: `) ? title.slice(dealTitle.length + 2) : title);

/**
 * The Sales section of the merchant dashboard (issue 17 point 2): the period's totals, a chart by
 * day with the same figures in a table, a table per deal and option, and the CSV of it all. An
 * empty period says so instead of drawing zeros.
 */
export function SalesDashboard({ sales, businessName }: { sales: SalesDashboard_sales$key; businessName: string }) {
  const data = useFragment(
    graphql`
      fragment SalesDashboard_sales on MerchantSales {
        from
        to
        totals {
          sold
          redeemed
          refunded
          expired
        }
        soldValue {
          formatted
        }
        days {
          date
          sold
          redeemed
          refunded
          expired
        }
        options {
          dealId
          dealTitle
          optionId
          title
          totals {
            sold
            redeemed
            refunded
            expired
          }
          soldValue {
            formatted
            currency
          }
          days {
            date
            sold
            redeemed
            refunded
            expired
            soldValue {
              amount
              currency
            }
          }
        }
      }
    `,
    sales,
  );
  const dayTableId = useId();
  const period = `${longDay(data.from)} to ${longDay(data.to)}`;
  const empty = data.options.length === 0;

  return (
    <div className="sales">
      <div className="sales__bar">
        <p className="sales__period">
          <span className="visually-hidden">Period: </span>
          {period}
        </p>
        {!empty && (
          <button type="button" className="button button--secondary" onClick={() => downloadCsv(salesCsvName(businessName, data.from, data.to), salesCsv(data))}>
            Download CSV
          </button>
        )}
      </div>

      <dl className="sales-totals" aria-label="Totals for the period">
        {FIGURES.map((f) => (
          <div key={f.key} className={`sales-totals__card sales-totals__card--${f.key}`}>
            <dt>{f.label}</dt>
            <dd>
              <span className="sales-totals__value">{count(data.totals[f.key])}</span>
              {f.key === 'sold' && data.soldValue && <span className="sales-totals__note">{data.soldValue.formatted} paid</span>}
            </dd>
          </div>
        ))}
      </dl>

      {empty ? (
        <div className="sales-empty">
          <h2>No sales in this period</h2>
          <p>Nothing was sold, redeemed, refunded or expired for your deals between {period}. Choose a longer period to look further back.</p>
        </div>
      ) : (
        <>
          <section className="sales-panel" aria-labelledby={`${dayTableId}-h`}>
            <h2 id={`${dayTableId}-h`}>By day</h2>
            <div className="sales-by-day">
              <SalesChart days={data.days} tableId={dayTableId} />
              <div className="sales-table-scroll" role="region" aria-labelledby={`${dayTableId}-c`} tabIndex={0}>
                <table className="sales-table" id={dayTableId}>
                  <caption id={`${dayTableId}-c`}>Sales by day, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      {FIGURES.map((f) => (
                        <th scope="col" key={f.key} className="num">
                          {f.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {[...data.days].reverse().map((d) => (
                      <tr key={d.date} className={d.sold + d.redeemed + d.refunded + d.expired === 0 ? 'sales-table__quiet' : undefined}>
                        <th scope="row">
                          <time dateTime={d.date}>{dayInPeriod(d.date)}</time>
                        </th>
                        {FIGURES.map((f) => (
                          <td key={f.key} className="num">
                            {count(d[f.key])}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </section>

          <section className="sales-panel">
            <div className="sales-table-scroll" role="region" aria-label="Sales by deal and option" tabIndex={0}>
              <table className="sales-table sales-table--options">
                <caption>
                  <h2>By deal and option</h2>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Deal</th>
                    <th scope="col">Option</th>
                    {FIGURES.map((f) => (
                      <th scope="col" key={f.key} className="num">
                        {f.label}
                      </th>
                    ))}
                    <th scope="col" className="num">
                      Paid
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.options.map((o) => (
                    <tr key={`${o.dealId}:${o.optionId}:${o.soldValue.currency}`}>
                      <td>{o.dealTitle ?? `Deal ${o.dealId}`}</td>
                      <th scope="row">{optionTitle(o.title, o.dealTitle)}</th>
                      {FIGURES.map((f) => (
                        <td key={f.key} className="num">
                          {count(o.totals[f.key])}
                        </td>
                      ))}
                      <td className="num">{o.soldValue.formatted}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      Total
                    </th>
                    {FIGURES.map((f) => (
                      <td key={f.key} className="num">
                        {count(data.totals[f.key])}
                      </td>
                    ))}
                    <td className="num">{data.soldValue?.formatted ?? '—'}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
