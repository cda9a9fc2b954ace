import { graphql, useFragment } from 'react-relay';
import { formatDate } from '../../../lib/text.ts';
import type { SentOrders_business$key } from '../../../__generated__/SentOrders_business.graphql';
import { CsvDownloadButton } from '../CsvDownloadButton.tsx';
import { sentOrdersCsv } from './posting-csv.ts';

/**
 * "Sent" (issue 17 point 5): the business's goods marked sent, most recent first, with what became
 * of each since; the list can be downloaded as a CSV with carrier and tracking reference.
 */
export function SentOrders({ business }: { business: SentOrders_business$key }) {
  const data = useFragment(
    graphql`
      fragment SentOrders_business on MerchantBusiness {
        name
        sentOrders(first: 20) {
          edges {
            node {
              voucherId
              orderNumber
              optionTitle
              status
              sent {
                carrier
                trackingReference
                sentAt
              }
            }
          }
        }
      }
    `,
    business,
  );
  const orders = data.sentOrders.edges.map((e) => e.node);
  return (
    <section className="posting-section posting-section--sent" aria-labelledby="orders-sent">
      <div className="posting-section__head">
        <h2 id="orders-sent">Recently sent</h2>
        {orders.length ? (
          <CsvDownloadButton section="orders-sent" businessName={data.name} of="orders sent" csv={() => sentOrdersCsv(orders)} className="posting-csv" />
        ) : null}
      </div>
      {orders.length === 0 ? (
        <p className="posting-empty">Nothing sent yet.</p>
      ) : (
        <div className="posting-table-wrap">
          <table className="till-table">
            <caption className="visually-hidden">Orders sent, most recent first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Item</th>
                <th scope="col">Sent</th>
                <th scope="col">Carrier and tracking</th>
                <th scope="col">Status now</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.voucherId}>
                  <td>{o.orderNumber}</td>
                  <td>{o.optionTitle}</td>
                  <td>{o.sent ? <time dateTime={o.sent.sentAt}>{formatDate(o.sent.sentAt)}</time> : null}</td>
                  <td>{o.sent ? `${o.sent.carrier}, ${o.sent.trackingReference}` : null}</td>
                  <td>{o.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
