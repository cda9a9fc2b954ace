import { Suspense } from 'react';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { NOINDEX_ROBOTS } from '@shop/domain';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { environment } from '../../relay/environment.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { Main } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { CheckoutView } from '../../features/buying/CheckoutView.tsx';
import { EmptyBasket } from '../../features/buying/EmptyBasket.tsx';
import { readCheckoutResult } from '../../features/buying/checkout-result.ts';
import '../../features/buying/buying.css';
import type { CheckoutPageQuery } from '../../__generated__/CheckoutPageQuery.graphql';

let held: PreloadedQuery<CheckoutPageQuery> | null = null;

/**
 * /checkout (spec §2, layout 'checkout'): the basket and checkout page. Opening it takes or keeps
 * the hold of the basket's units, so it always asks the server (never the store).
 */
export function loader() {
  held?.dispose();
  held = loadQuery<CheckoutPageQuery>(environment, query, {}, { fetchPolicy: 'network-only' });
  return held;
}

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<CheckoutPageQuery>;
  return (
    <Main>
      <div className="container checkout-page">
        <Seo title="Your basket" description="Your basket and checkout at Thistle Deals." robots={NOINDEX_ROBOTS} />
        <PageHeading className="checkout-page__title">Your basket</PageHeading>
        <Suspense
          fallback={
            <p className="checkout__status" role="status">
              {BUYING_MESSAGES.pleaseWait}
            </p>
          }
        >
          <Checkout queryRef={ref} />
        </Suspense>
      </div>
    </Main>
  );
}

function Checkout({ queryRef }: { queryRef: PreloadedQuery<CheckoutPageQuery> }) {
  const data = usePreloadedQuery<CheckoutPageQuery>(query, queryRef);
  const checkout = readCheckoutResult(data.checkout);
  if (!checkout.ok) {
    // No basket, or an empty one: the empty state (a rate limit too, as it always has). Anything else says what went wrong.
    const code = checkout.typename === 'RateLimitedError' ? null : checkout.code;
    if (code === 'BASKET_NOT_FOUND' || code === 'BASKET_EMPTY' || code === 'NOT_FOUND' || !code) return <EmptyBasket />;
    return <EmptyBasket message={checkout.message || BUYING_MESSAGES.somethingWrong} />;
  }
  return <CheckoutView checkout={checkout.view} countdown={checkout.countdown} viewer={data.viewer ? { id: data.viewer.id, email: data.viewer.email } : null} />;
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query CheckoutPageQuery {
    viewer {
      id
      email
    }
    checkout {
      ...checkoutResult_result
    }
  }
`;
