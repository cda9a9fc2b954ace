import { graphql, useFragment } from 'react-relay';
import { PriceBreakdownRows } from './PriceBreakdown.tsx';
import type { OrderSummary_checkout$key } from '../../__generated__/OrderSummary_checkout.graphql';

/** The order summary box (spec §3 orderSummary): every part of the total (issue 14), what the shopper pays now, and how. */
export function OrderSummary({ checkout }: { checkout: OrderSummary_checkout$key }) {
  const { breakdown } = useFragment<OrderSummary_checkout$key>(
    graphql`
      fragment OrderSummary_checkout on Checkout {
        breakdown {
          ...PriceBreakdown_breakdown
        }
      }
    `,
    checkout,
  );
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-summary__title">
        Order summary
      </h2>
      <PriceBreakdownRows breakdown={breakdown} payNowLabel="To pay now" testIds />
    </section>
  );
}
