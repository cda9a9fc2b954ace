/**
 * The "Orders to post" page as CSVs (issue 17 point 2, "a CSV export of everything shown"): one
 * file of the units waiting to be posted with their delivery addresses (for a courier's bulk
 * upload or a mail merge of labels), one of the orders sent with carrier and tracking; each row as
 * its list shows it, made the dashboard's one way (../csv.ts).
 */
import { csvText } from '../csv.ts';
import type { DeliverToWords } from './posting-words.ts';

interface CsvOrderToPost {
  readonly orderNumber: string;
  readonly optionTitle: string;
  readonly lineQuantity: number;
  readonly paidAt: string;
  readonly deliverTo: DeliverToWords | null | undefined;
}

const TO_POST_HEADER = ['order_number', 'paid_at', 'item', 'units_in_order', 'delivery_name', 'address_line_1', 'address_line_2', 'town', 'county', 'postcode'] as const;

/** One row per unit to post (a line of 2 is two units, each marked sent on its own); no recorded address leaves its cells empty. */
export const ordersToPostCsv = (orders: readonly CsvOrderToPost[]) =>
  csvText(
    TO_POST_HEADER,
    orders.map((o) => [o.orderNumber, o.paidAt, o.optionTitle, o.lineQuantity, o.deliverTo?.name, o.deliverTo?.line1, o.deliverTo?.line2, o.deliverTo?.town, o.deliverTo?.county, o.deliverTo?.postcode]),
  );

interface CsvSentOrder {
  readonly orderNumber: string;
  readonly optionTitle: string;
  readonly status: string;
  readonly sent: { readonly carrier: string; readonly trackingReference: string; readonly sentAt: string } | null | undefined;
}

const SENT_HEADER = ['order_number', 'item', 'sent_at', 'carrier', 'tracking_reference', 'status_now'] as const;

export const sentOrdersCsv = (orders: readonly CsvSentOrder[]) =>
  csvText(
    SENT_HEADER,
    orders.map((o) => [o.orderNumber, o.optionTitle, o.sent?.sentAt, o.sent?.carrier, o.sent?.trackingReference, o.status]),
  );
