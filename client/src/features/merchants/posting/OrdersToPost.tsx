import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { formatDate } from '../../../lib/text.ts';
import type { OrdersToPost_business$key } from '../../../__generated__/OrdersToPost_business.graphql';
import { MarkSentForm } from './MarkSentForm.tsx';
import { addressLines } from './posting-words.ts';
import { CsvDownloadButton } from '../CsvDownloadButton.tsx';
import { ordersToPostCsv } from './posting-csv.ts';

/**
 * "Orders to post" (issue 17 point 5): the business's paid goods not sent yet, oldest first, each
 * unit with its order, option and delivery address (copyable, and printable with the page: the
 * print styles leave the addresses), and the form that marks it sent; the list can be downloaded
 * as a CSV (addresses included) for a courier's bulk upload. Nothing to post says so.
 */
export function OrdersToPost({ business, businessId, onSent }: { business: OrdersToPost_business$key; businessId: string; onSent: (text: string) => void }) {
  const data = useFragment(
    graphql`
      fragment OrdersToPost_business on MerchantBusiness {
        name
        ordersToPost(first: 50) {
          edges {
            node {
              voucherId
              orderNumber
              optionTitle
              lineQuantity
              paidAt
              deliverTo {
                name
                line1
                line2
                town
                county
                postcode
              }
            }
          }
          pageInfo {
            hasNextPage
          }
        }
      }
    `,
    business,
  );
  const orders = data.ordersToPost.edges.map((e) => e.node);
  return (
    <section className="posting-section" aria-labelledby="orders-to-post">
      <div className="posting-section__head">
        <h2 id="orders-to-post">Waiting to be posted</h2>
        {orders.length ? (
          <div className="posting-section__actions">
            <button type="button" className="button button--secondary posting-print" onClick={() => window.print()}>
              Print addresses
            </button>
            <CsvDownloadButton section="orders-to-post" businessName={data.name} of="orders waiting to be posted" csv={() => ordersToPostCsv(orders)} className="posting-csv" />
          </div>
        ) : null}
      </div>
      {orders.length === 0 ? (
        <p className="posting-empty">Nothing to post. Paid orders of goods sent by post appear here, oldest first.</p>
      ) : (
        <>
          <ol className="posting-list">
            {orders.map((o) => (
              <li key={o.voucherId} className="posting-order">
                <h3 className="posting-order__title">
                  Order {o.orderNumber}: {o.optionTitle}
                </h3>
                <p className="posting-order__meta">
                  Paid on <time dateTime={o.paidAt}>{formatDate(o.paidAt)}</time>
                  {o.lineQuantity > 1 ? ` · one of ${o.lineQuantity} units in this order (each is marked sent on its own)` : ''}
                </p>
                {o.deliverTo ? (
                  <DeliveryAddress
                    lines={addressLines({ name: o.deliverTo.name, line1: o.deliverTo.line1, line2: o.deliverTo.line2, town: o.deliverTo.town, county: o.deliverTo.county, postcode: o.deliverTo.postcode })}
                    orderNumber={o.orderNumber}
                  />
                ) : (
                   <p>No delivery address was recorded for this order: please contact us before posting it.</p>
                )}
                <MarkSentForm businessId={businessId} voucherId={o.voucherId} orderNumber={o.orderNumber} onSent={onSent} />
              </li>
            ))}
          </ol>
          {data.ordersToPost.pageInfo.hasNextPage ? <p className="posting-more">These are the 50 oldest. Mark them sent to see the next ones.</p> : null}
        </>
      )}
    </section>
  );
}

/** The address as a label shows it, with a button that copies it (one line each) for a courier's form. */
function DeliveryAddress({ lines, orderNumber }: { lines: string[]; orderNumber: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(lines.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <div className="posting-address">
      <address role="group" aria-label={`Delivery address for order ${orderNumber}`}>
        {lines.map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </address>
      <button type="button" className="button button--secondary posting-address__copy" onClick={() => void copy()}>
        Copy address<span className="visually-hidden"> for order {orderNumber}</span>
      </button>
      <span role="status" className="posting-address__copied">
        {copied === 'yes' ? 'Address copied.' : copied === 'no' ? 'Could not copy: select the address and copy it instead.' : ''}
      </span>
    </div>
  );
}
