import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { giftSendAfter, giftSendOnInWords } from '@shop/domain/gift-send-date';
import { GIFT_CARD_POST_WORKING_DAYS } from '@shop/domain/gift-cards';
import { formatDate } from '../../lib/text.ts';
import { PriceBreakdownRows } from './PriceBreakdown.tsx';
import { LABEL } from './payment-labels.ts';
import type { OrderDetails_order$key } from '../../__generated__/OrderDetails_order.graphql';

/** How the cash part was paid: the card's brand, or the wallet with the card behind it ('Google Pay (Visa)'). */
function paidBy(method: string | null | undefined, cardType: string | null | undefined): string {
  // A card is named by its brand alone.
  const label = method ? LABEL[method] : undefined;
  if (!label || method === 'CREDIT_CARD') return cardType ?? 'card';
  return cardType ? `${label} (${cardType})` : label;
}

/** An order's vouchers (codes, status words of spec §3, titles) and what was paid, how. */
export function OrderDetails({ order }: { order: OrderDetails_order$key }) {
  const o = useFragment(
    graphql`
      fragment OrderDetails_order on Order {
        orderNumber
        status
        createdAt
        cashAmount {
          amount
          formatted
        }
        walletAmountUsed {
          amount
          formatted
        }
        paymentMethod
        cardType
        breakdown {
          ...PriceBreakdown_breakdown
        }
        lines {
          dealProductId
          title
          addonType
          gift
          giftSendOn
          postedTo
          deal {
            url
            title
          }
        }
        vouchers {
          id
          code
          status
          title
          expiresAt
          recipientName
          dealProductId
        }
      }
    `,
    order,
  );
  // Issue 18 point 2: a dated e-gift says the day its email goes to the recipient.
  const emailedOn = (dealProductId: number) => {
    const sendOn = o.lines.find((l) => l.dealProductId === dealProductId)?.giftSendOn ?? null;
    return sendOn && giftSendAfter(sendOn, new Date()) ? `, emailed to them on ${giftSendOnInWords(sendOn)}` : '';
  };
  // Issue 18 point 2: a posted gift card says where it goes.
  const postedTo = (dealProductId: number) => o.lines.find((l) => l.dealProductId === dealProductId)?.postedTo ?? null;
  const paidWith = [
    o.cashAmount.amount > 0 ? `${o.cashAmount.formatted} by ${paidBy(o.paymentMethod, o.cardType)}` : null,
    o.walletAmountUsed.amount > 0 ? `${o.walletAmountUsed.formatted} wallet credit` : null,
  ].filter(Boolean);
  return (
    <div className="order">
      <section className="checkout-section" aria-labelledby="vouchers-title">
        <h2 id="vouchers-title" className="checkout-section__title">
          {o.vouchers.length === 1 ? 'Your voucher' : 'Your vouchers'}
        </h2>
        {o.vouchers.length === 0 ? (
          <p>Your vouchers will appear here as soon as your payment is confirmed.</p>
        ) : (
          <ul className="vouchers" aria-label="Vouchers">
            {o.vouchers.map((v) => (
              <li key={v.id} className="voucher" data-testid="voucher">
                <div className="voucher__main">
                  <h3 className="voucher__title">{v.title}</h3>
                  <p className="voucher__code">
                    <span className="voucher__code-label">Voucher code</span> <code>{v.code}</code>
                  </p>
                  {v.recipientName ? <p className="voucher__gift">E-gift for {v.recipientName}{emailedOn(v.dealProductId)}</p> : null}
                  {postedTo(v.dealProductId) ? (
                    <p className="voucher__gift">
                      A printed card with this code will be posted to {postedTo(v.dealProductId)}: it arrives within {GIFT_CARD_POST_WORKING_DAYS} working days. The code can be redeemed now.
                    </p>
                  ) : null}
                </div>
                <div className="voucher__side">
                  <span className="badge voucher__status">{v.status}</span>
                  {v.expiresAt ? (
                    <p className="voucher__expires">
                      Use by <time dateTime={v.expiresAt}>{formatDate(v.expiresAt)}</time>
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="order-summary" aria-labelledby="order-title">
        <h2 id="order-title" className="order-summary__title">
          Order {o.orderNumber}
        </h2>
        <PriceBreakdownRows breakdown={o.breakdown} payNowLabel={o.status === 'PAID' ? 'Paid now' : 'To pay now'} />
        <ul className="order__deals" aria-label="The deals you bought">
          {o.lines
            .filter((line) => !line.addonType)
            .map((line) => (
              <li key={line.dealProductId}>
                {line.deal?.url ? <Link to={line.deal.url}>{line.title}</Link> : line.title}
                {line.gift ? ' (gift)' : ''}
              </li>
            ))}
        </ul>
        {paidWith.length > 0 && o.status === 'PAID' ? <p className="order-summary__paid">Paid: {paidWith.join(' and ')}.</p> : null}
        {paidWith.length > 0 && o.status === 'PENDING' ? <p className="order-summary__paid">Being confirmed: {paidWith.join(' and ')}.</p> : null}
        <p className="order-summary__paid">
          Ordered <time dateTime={o.createdAt}>{formatDate(o.createdAt)}</time>
        </p>
      </section>
    </div>
  );
}
