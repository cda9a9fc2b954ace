import { useEffect } from 'react';
import { graphql, loadQuery, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { NOINDEX_ROBOTS } from '@shop/domain';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { environment } from '../../relay/environment.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { Main } from '../../ui/Main.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { NotFoundView } from '../../ui/NotFoundView.tsx';
import { OrderDetails } from '../../features/buying/OrderDetails.tsx';
import { orderAddonPath, ORDER_ADDON_SIGNIN_PATH } from '../../features/buying/paths.ts';
import { MY_VOUCHERS_PATH } from '../../features/vouchers/voucher-words.ts';
import '../../features/buying/buying.css';
import type { ConfirmationPageQuery } from '../../__generated__/ConfirmationPageQuery.graphql';

let held: PreloadedQuery<ConfirmationPageQuery> | null = null;

/** /checkout/confirmation/:orderNumber: the order with its vouchers, after paying (always from the server). */
export function loader({ params }: LoaderFunctionArgs) {
  held?.dispose();
  held = loadQuery<ConfirmationPageQuery>(environment, query, { orderNumber: params.orderNumber ?? '' }, { fetchPolicy: 'network-only' });
  return held;
}

export function Component() {
  const data = usePreloadedQuery<ConfirmationPageQuery>(query, useLoaderData() as PreloadedQuery<ConfirmationPageQuery>);
  const order = data.order;
  const pending = order?.status === 'PENDING';
  usePendingOrderRefresh(pending ? order.orderNumber : null);
  if (!order) return <NotFoundView what="order" />;
  const paid = order.status === 'PAID';
  // Paid, then declined at settlement by the bank (reliability P6).
  const settlementDeclined = order.status === 'PAYMENT_FAILED';
  const offer = order.validityExtensionOffer;
  // Joined VIP with this order (and still a member): their VIP prices are where to go next.
  const joinedVip = paid && data.viewer?.vipUser === true && order.breakdown.parts.some((p) => p.kind === 'VIP');
  return (
    <Main>
      <div className="container checkout-page confirmation">
        <Seo title={paid ? `${BUYING_MESSAGES.purchaseSuccessful}: order ${order.orderNumber}` : `Order ${order.orderNumber}`} description="Your Thistle Deals order." robots={NOINDEX_ROBOTS} />
        <div className={`confirmation__banner${paid ? ' confirmation__banner--paid' : ''}`}>
          <PageHeading className="checkout-page__title">
            {paid ? BUYING_MESSAGES.purchaseSuccessful : pending ? 'Your order is being confirmed' : settlementDeclined ? 'Your payment did not go through' : 'Your order was not placed'}
          </PageHeading>
          <p className="confirmation__lede" role="status">
            {paid
              ? `Thank you. Order ${order.orderNumber} is paid and your vouchers are ready. We have emailed them to you too.`
              : pending
                ? BUYING_MESSAGES.paymentPending
                : settlementDeclined
                  ? `Your bank declined the payment for order ${order.orderNumber} after it was placed, so its vouchers have been cancelled and no money was taken. Any wallet credit used is back in your wallet.`
                  : BUYING_MESSAGES.purchaseNotCompleted}
          </p>
        </div>
        <div className="confirmation__layout">
          <OrderDetails order={order} />
          <aside className="confirmation__aside">
            {paid && offer ? (
              <section className="addon-offer" aria-labelledby="addon-offer-title">
                <h2 id="addon-offer-title" className="addon-offer__title">
                  Need more time to use your vouchers?
                </h2>
                <p>
                  Extend every voucher in this order by {offer.months === 1 ? '1 month' : `${offer.months} months`} for {offer.price.formatted}. It is optional: nothing is added unless you buy it.
                </p>
                <Link className="button button--secondary" to={orderAddonPath(order.orderNumber)}>
                  See the validity extension
                </Link>
              </section>
            ) : null}
            {joinedVip ? (
              <section className="addon-offer" aria-labelledby="vip-joined-title">
                <h2 id="vip-joined-title" className="addon-offer__title">
                  You’re a VIP member
                </h2>
                <p>VIP prices on selected deals are yours for 12 months. A VIP option in your basket is charged at its VIP price.</p>
                <Link className="button button--secondary" to="/deals/vip">
                  See your VIP prices
                </Link>
              </section>
            ) : null}
            {data.viewer ? (
              <p>
                See your vouchers in <Link to={MY_VOUCHERS_PATH}>My Vouchers</Link>.
              </p>
            ) : (
              <Notice title="Keep your vouchers in one place" headingLevel={2}>
                <p>
                  <Link to={`${ORDER_ADDON_SIGNIN_PATH}?${new URLSearchParams({ order: order.orderNumber })}`}>Sign in or create an account</Link> to manage your vouchers.
                </p>
              </Notice>
            )}
            <p>
              <Link to="/deals/glasgow">Back to deals</Link>
            </p>
          </aside>
        </div>
      </div>
    </Main>
  );
}

/** How often a pending order is asked again, and for how long (the checkout gives up on an unanswered charge after 10 minutes). */
const PENDING_REFRESH_MS = 5_000;
const PENDING_REFRESH_FOR_MS = 11 * 60_000;

/**
 * While the provider's answer is awaited (reconciliation runs every 30 s), the order is read again
 * every few seconds: the store update shows the vouchers, or the failure, as soon as they exist.
 */
function usePendingOrderRefresh(orderNumber: string | null) {
  const relayEnvironment = useRelayEnvironment();
  useEffect(() => {
    if (!orderNumber) return;
    const until = Date.now() + PENDING_REFRESH_FOR_MS;
    let subscription: { unsubscribe(): void } | null = null;
    const timer = setInterval(() => {
      if (Date.now() > until) return clearInterval(timer);
      subscription?.unsubscribe();
      subscription = fetchQuery<ConfirmationPageQuery>(relayEnvironment, query, { orderNumber }, { fetchPolicy: 'network-only' }).subscribe({ error: () => {} });
    }, PENDING_REFRESH_MS);
    return () => {
      clearInterval(timer);
      subscription?.unsubscribe();
    };
  }, [orderNumber, relayEnvironment]);
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query ConfirmationPageQuery($orderNumber: String!) {
    # viewer: signed in (the vouchers are in the account) or a guest (asked to sign in)
    viewer {
      __typename
      vipUser
    }
    order(orderNumber: $orderNumber) {
      orderNumber
      status
      # a VIP part: the membership was bought with this order (the link to the VIP prices)
      breakdown {
        parts {
          kind
        }
      }
      validityExtensionOffer {
        months
        price {
          formatted
        }
      }
      ...OrderDetails_order
    }
  }
`;
