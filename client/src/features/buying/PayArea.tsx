import { graphql, useFragment } from 'react-relay';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import type { Paying } from './checkout-state.ts';
import type { PayArea_checkout$key } from '../../__generated__/PayArea_checkout.graphql';

/**
 * The foot of the checkout form: what is paid now (after wallet credit), why paying waits (an
 * order of this basket being confirmed, or a basket that cannot be bought as it stands), the Pay
 * button (it submits the form) and the secure-payment note. `paying` is the page's payment; the
 * button is disabled once the hold has ended, and aria-disabled while the page is not `settled`
 * or a payment runs.
 */
export function PayArea({ checkout, paying, settled, holdEnded }: { checkout: PayArea_checkout$key; paying: Paying; settled: boolean; holdEnded: boolean }) {
  const data = useFragment<PayArea_checkout$key>(
    graphql`
      fragment PayArea_checkout on Checkout {
        pendingOrderNumber
        canPay
        isTravelValid
        orderSummary {
          cashAmount {
            amount
            formatted
          }
          walletCredit {
            amount
            formatted
          }
        }
        # soldOut says why paying waits
        basket {
          lines {
            soldOut
          }
        }
      }
    `,
    checkout,
  );
  const { cashAmount, walletCredit } = data.orderSummary;
  return (
    <div className="checkout__pay">
      <p className="checkout__recap">
        <span>To pay now</span> <strong>{cashAmount.formatted}</strong>
        {walletCredit.amount > 0 ? <span className="checkout__recap-note"> after {walletCredit.formatted} wallet credit</span> : null}
      </p>
      {data.pendingOrderNumber ? (
        <p className="checkout__blocked">Order {data.pendingOrderNumber} is being confirmed: please do not pay again.</p>
      ) : !data.canPay ? (
        <p className="checkout__blocked">
          Please change your basket first: {data.basket.lines.some((l) => l.soldOut) ? 'an option has sold out.' : !data.isTravelValid ? 'the dates of a stay have passed.' : 'a line cannot be bought as it stands.'}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary button--large checkout__pay-button"
        disabled={!data.canPay || holdEnded}
        aria-busy={paying === 'paying' || undefined}
        aria-disabled={!settled || paying !== 'idle' || undefined}
      >
        {paying === 'paying' ? <span className="spinner" aria-hidden="true" /> : null}
        {paying === 'paying' ? BUYING_MESSAGES.makingPayment : cashAmount.amount > 0 ? `Pay ${cashAmount.formatted}` : 'Place order'}
      </button>
      <p className="checkout__secure">
        Secure payment: your card details go straight to our payment provider and are never stored by Thistle Deals. Pressing Pay twice never charges you twice.
      </p>
    </div>
  );
}
