import { useRef, useState, type FormEvent } from 'react';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { NOINDEX_ROBOTS } from '@shop/domain';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { environment } from '../../relay/environment.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { Main } from '../../ui/Main.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { NotFoundView } from '../../ui/NotFoundView.tsx';
import { useFormErrors } from '../../ui/form-errors.ts';
import { reportClientError } from '../../errors/report.ts';
import { PaymentChoice, type PaymentChoiceHandle, type PaymentOptionData, type PaymentSelection } from '../../features/buying/PaymentChoice.tsx';
import { newIdempotencyKey } from '../../features/buying/idempotency.ts';
import { useBuyOrderAddonMutation } from '../../features/buying/PlaceOrderMutations.ts';
import { confirmationPath, ORDER_ADDON_SIGNIN_PATH } from '../../features/buying/paths.ts';
import '../../features/buying/buying.css';
import type { OrderAddonPageQuery } from '../../__generated__/OrderAddonPageQuery.graphql';

let held: PreloadedQuery<OrderAddonPageQuery> | null = null;

/** /order-addon?order=…: the voucher validity extension (VVE) for a paid order, paid by card or a saved instrument. */
export function loader({ request }: LoaderFunctionArgs) {
  const orderNumber = new URL(request.url).searchParams.get('order') ?? '';
  held?.dispose();
  held = loadQuery<OrderAddonPageQuery>(environment, query, { orderNumber }, { fetchPolicy: 'network-only' });
  return held;
}

const CARD_ONLY: readonly PaymentOptionData[] = [{ method: 'CREDIT_CARD', available: true, reason: null, express: false }];

export function Component() {
  const data = usePreloadedQuery<OrderAddonPageQuery>(query, useLoaderData() as PreloadedQuery<OrderAddonPageQuery>);
  const form = useFormErrors();
  const [buyOrderAddon] = useBuyOrderAddonMutation();
  const payment = useRef<PaymentChoiceHandle>(null);
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const order = data.order;
  if (!order) return <NotFoundView what="order" />;
  const offer = order.validityExtensionOffer;

  async function pay(selection: PaymentSelection) {
    if (!order || !offer) return;
    const input = { orderNumber: order.orderNumber, addonType: offer.addonType, method: selection.method, paymentToken: selection.token, savedInstrumentId: selection.savedInstrumentId };
    const fingerprint = JSON.stringify(input);
    if (!attempt.current || attempt.current.fingerprint !== fingerprint) attempt.current = { key: newIdempotencyKey(), fingerprint };
    setBusy(true);
    form.clear();
    try {
      const result = await buyOrderAddon({ input: { ...input, idempotencyKey: attempt.current.key } });
      attempt.current = null;
      if (result.__typename === 'OrderPlaced') setDone(true);
      else if (result.__typename === 'OrderPending') form.show([{ field: null, message: result.message }]);
      else {
        payment.current?.reset();
        form.show([{ field: result.__typename === 'PaymentError' ? 'payment' : null, message: result.message || BUYING_MESSAGES.somethingWrong }]);
      }
    } catch (error) {
      reportClientError(error);
      form.show([{ field: null, message: BUYING_MESSAGES.requestProblem }]);
    }
    setBusy(false);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    void payment.current?.submit().then((outcome) => {
      if (outcome.kind === 'error') form.show([{ field: 'payment', message: outcome.message }]);
      else if (outcome.kind === 'ready') void pay(outcome.selection);
    });
  }

  return (
    <Main>
      <div className="container checkout-page addon-page">
        <Seo title={form.errors.length > 0 ? 'Error: Extend your vouchers' : 'Extend your vouchers'} description="Extend the validity of your vouchers." robots={NOINDEX_ROBOTS} />
        <ErrorSummary errors={form.errors} attempt={form.attempt} fields={{ payment: 'Payment method' }} />
        <PageHeading className="checkout-page__title">Extend your vouchers</PageHeading>
        {done ? (
          <Notice title={BUYING_MESSAGES.purchaseSuccessful} variant="success" focus>
            <p>
              Your vouchers in order {order.orderNumber} now last {offer ? `${offer.months} months longer` : 'longer'}. <Link to={confirmationPath(order.orderNumber)}>See your vouchers</Link>
            </p>
          </Notice>
        ) : order.status !== 'PAID' || !offer ? (
          <Notice title="There is no extension to buy for this order">
            <p>
              Either it has one already or it is not paid yet. <Link to={confirmationPath(order.orderNumber)}>See order {order.orderNumber}</Link>
            </p>
          </Notice>
        ) : (
          <div className="addon-page__layout">
            <section className="addon-offer" aria-labelledby="offer-title">
              <h2 id="offer-title" className="addon-offer__title">
                {offer.title}
              </h2>
              <p>
                Extend every voucher of order {order.orderNumber} ({order.vouchers.length === 1 ? '1 voucher' : `${order.vouchers.length} vouchers`}) by{' '}
                {offer.months === 1 ? '1 month' : `${offer.months} months`}.
              </p>
              <p className="addon-offer__price">{offer.price.formatted}</p>
            </section>
            <form noValidate onSubmit={onSubmit} aria-label="Pay for the validity extension">
              <PaymentChoice
                ref={payment}
                cashAmount={{ amount: offer.price.amount, formatted: offer.price.formatted }}
                options={CARD_ONLY}
                instruments={data.viewer?.paymentInstruments ?? []}
                signedIn={data.viewer !== null}
                error={form.of('payment')[0]}
                disabled={busy}
              />
              <p role="status" className="checkout__status">
                {busy ? BUYING_MESSAGES.makingPayment : ''}
              </p>
              <div className="form-actions">
                <button type="submit" className="button button--primary button--large" aria-busy={busy || undefined} aria-disabled={busy || undefined}>
                  {busy ? BUYING_MESSAGES.makingPayment : `Pay ${offer.price.formatted}`}
                </button>
                <Link to={confirmationPath(order.orderNumber)}>No thanks</Link>
              </div>
            </form>
          </div>
        )}
        {!data.viewer ? (
          <p className="addon-page__signin">
            <Link to={`${ORDER_ADDON_SIGNIN_PATH}?${new URLSearchParams({ order: order.orderNumber })}`}>Sign in to manage your vouchers</Link>
          </p>
        ) : null}
      </div>
    </Main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query OrderAddonPageQuery($orderNumber: String!) {
    viewer {
      paymentInstruments {
        ...PaymentChoice_instruments
      }
    }
    order(orderNumber: $orderNumber) {
      orderNumber
      status
      # vouchers: how many the extension covers
      vouchers {
        __typename
      }
      validityExtensionOffer {
        addonType
        title
        months
        price {
          amount
          formatted
        }
      }
    }
  }
`;
