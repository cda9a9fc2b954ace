import { useId, useRef, useState, type FormEvent } from 'react';
import { graphql, loadQuery, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import { Link, useLoaderData, useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
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
import { fieldId, useFormErrors } from '../../ui/form-errors.ts';
import { reportClientError } from '../../errors/report.ts';
import { formatDate } from '../../lib/text.ts';
import { PaymentChoice, type PaymentChoiceHandle, type PaymentOptionData, type PaymentSelection } from '../../features/buying/PaymentChoice.tsx';
import { newIdempotencyKey } from '../../features/buying/idempotency.ts';
import { useBuyOrderAddonMutation } from '../../features/buying/PlaceOrderMutations.ts';
import { ORDER_ADDON_SIGNIN_PATH } from '../../features/buying/paths.ts';
import { MY_VOUCHERS_PATH } from '../../features/vouchers/voucher-words.ts';
import '../../features/buying/buying.css';
import '../../features/vouchers/voucher-extend.css';
import type { VoucherExtendPageQuery } from '../../__generated__/VoucherExtendPageQuery.graphql';

let held: PreloadedQuery<VoucherExtendPageQuery> | null = null;

/**
 * /voucher/extend/:voucherId (spec §2 page type extendLanding; issue 16 point 7): one voucher's
 * validity extension, from an expiry reminder's link or My Vouchers. The options (1 to 3 months
 * in all) with their prices and new expiry, none chosen for the shopper; paid like the order's
 * add-on (buyOrderAddon with the voucher's id: the checkout's one add-on payment), then the new
 * expiry read back from the server. Signed out: sign in and come back here.
 */
export function loader({ params }: LoaderFunctionArgs) {
  held?.dispose();
  held = loadQuery<VoucherExtendPageQuery>(environment, query, { voucherId: params.voucherId ?? '' }, { fetchPolicy: 'network-only' });
  return held;
}

const CARD_ONLY: readonly PaymentOptionData[] = [{ method: 'CREDIT_CARD', available: true, reason: null, express: false }];
const monthsWords = (n: number) => (n === 1 ? '1 month' : `${n} months`);

export function Component() {
  const data = usePreloadedQuery<VoucherExtendPageQuery>(query, useLoaderData() as PreloadedQuery<VoucherExtendPageQuery>);
  const relayEnvironment = useRelayEnvironment();
  const { pathname } = useLocation();
  const routeVoucherId = useParams().voucherId ?? '';
  const form = useFormErrors();
  const [buyOrderAddon] = useBuyOrderAddonMutation();
  const payment = useRef<PaymentChoiceHandle>(null);
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const [months, setMonths] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ months: number } | null>(null);
  const legendId = useId();
  const voucher = data.heldVoucher;

  if (!data.viewer) {
    return (
      <Main>
        <div className="container checkout-page signin-prompt">
          <Seo title="Sign in to extend your voucher" description="Sign in to extend the validity of your Thistle Deals voucher." robots={NOINDEX_ROBOTS} />
          <PageHeading className="checkout-page__title">Sign in to extend your voucher</PageHeading>
          <p>Sign in with the email address you used at checkout, and you’ll come straight back here to choose how much longer your voucher lasts.</p>
          <p className="form-actions">
            <Link className="button button--primary" to={`${ORDER_ADDON_SIGNIN_PATH}?${new URLSearchParams({ redirect: pathname })}`}>
              Sign in
            </Link>
          </p>
        </div>
      </Main>
    );
  }
  if (!voucher) return <NotFoundView what="voucher" />;
  const extension = voucher.extension;
  const chosen = extension?.options.find((o) => o.months === months) ?? null;

  async function pay(selection: PaymentSelection) {
    if (!voucher || !chosen) return;
    const input = { orderNumber: voucher.orderNumber, addonType: 'VVE', voucherId: voucher.id, months: chosen.months, method: selection.method, paymentToken: selection.token, savedInstrumentId: selection.savedInstrumentId };
    const fingerprint = JSON.stringify(input);
    if (!attempt.current || attempt.current.fingerprint !== fingerprint) attempt.current = { key: newIdempotencyKey(), fingerprint };
    setBusy(true);
    form.clear();
    try {
      const result = await buyOrderAddon({ input: { ...input, idempotencyKey: attempt.current.key } });
      attempt.current = null;
      if (result.__typename === 'OrderPlaced') {
        // The new expiry as the vouchers service now has it (the store updates this page).
        await fetchQuery<VoucherExtendPageQuery>(relayEnvironment, query, { voucherId: routeVoucherId }, { fetchPolicy: 'network-only' }).toPromise();
        setDone({ months: chosen.months });
        setMonths(null);
      } else if (result.__typename === 'OrderPending') form.show([{ field: null, message: result.message }]);
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
    if (!chosen) {
      form.show([{ field: 'months', message: 'Choose how many months to add.' }]);
      return;
    }
    void payment.current?.submit().then((outcome) => {
      if (outcome.kind === 'error') form.show([{ field: 'payment', message: outcome.message }]);
      else if (outcome.kind === 'ready') void pay(outcome.selection);
    });
  }

  const dealTitle = voucher.deal?.title ?? voucher.title;
  const monthsError = form.of('months')[0];
  return (
    <Main>
      <div className="container checkout-page addon-page voucher-extend">
        <Seo title={form.errors.length > 0 ? 'Error: Extend your voucher' : 'Extend your voucher'} description="Extend the validity of your voucher." robots={NOINDEX_ROBOTS} />
        <ErrorSummary errors={form.errors} attempt={form.attempt} fields={{ months: 'How much longer', payment: 'Payment method' }} />
        <PageHeading className="checkout-page__title">Extend your voucher</PageHeading>
        <section className="addon-offer voucher-extend__voucher" aria-labelledby="voucher-title">
          <h2 id="voucher-title" className="addon-offer__title">
            {voucher.deal?.url ? <Link to={voucher.deal.url}>{dealTitle}</Link> : dealTitle}
          </h2>
          {voucher.deal ? <p>{voucher.title}</p> : null}
          <dl className="voucher-extend__facts">
            <div>
              <dt>Status</dt>
              <dd>{voucher.status}</dd>
            </div>
            <div>
              <dt>Use by</dt>
              <dd data-testid="voucher-expiry">{voucher.expiresAt ? formatDate(voucher.expiresAt) : 'No expiry date'}</dd>
            </div>
            <div>
              <dt>Extended so far</dt>
              <dd>{extension ? monthsWords(extension.extendedMonths) : '—'}</dd>
            </div>
          </dl>
        </section>
        {done ? (
          <Notice title={BUYING_MESSAGES.purchaseSuccessful} variant="success" focus>
            <p>
              Your voucher is valid {monthsWords(done.months)} longer: use it by {voucher.expiresAt ? formatDate(voucher.expiresAt) : 'its new date'}. <Link to={MY_VOUCHERS_PATH}>See it in My Vouchers</Link>
            </p>
          </Notice>
        ) : null}
        {done ? null : !extension || extension.unavailable ? (
          (
            <Notice title="This voucher cannot be extended">
              <p>
                {extension?.unavailable?.message ?? 'This voucher cannot be extended.'} <Link to={MY_VOUCHERS_PATH}>Back to My Vouchers</Link>
              </p>
            </Notice>
          )
        ) : (
          <form noValidate onSubmit={onSubmit} aria-label="Extend this voucher" className="addon-page__layout">
            <fieldset className="voucher-extend__options" aria-describedby={monthsError ? `${legendId}-error` : undefined}>
              <legend id={legendId}>How much longer?</legend>
              <p className="voucher-extend__hint">Vouchers can be extended by up to 3 months in all. It is optional: nothing is added unless you pay for it.</p>
              {monthsError ? (
                <p id={`${legendId}-error`} className="field__error">
                  {monthsError}
                </p>
              ) : null}
              {extension.options.map((o, i) => (
                <label key={o.months} className="voucher-extend__option">
                  {/* The first option is where the error summary's link lands. */}
                  <input
                    type="radio"
                    name="months"
                    id={i === 0 ? fieldId('months') : undefined}
                    value={o.months}
                    checked={months === o.months}
                    onChange={() => {
                      setMonths(o.months);
                      if (monthsError) form.clear();
                    }}
                    disabled={busy}
                  />
                  <span>
                    {monthsWords(o.months)} for {o.price.formatted}: use by {formatDate(o.expiresAt)}
                  </span>
                </label>
              ))}
            </fieldset>
            <div>
              {/* How to pay comes once the months are chosen: the amount is theirs. */}
              {chosen ? (
                <PaymentChoice
                  ref={payment}
                  cashAmount={{ amount: chosen.price.amount, formatted: chosen.price.formatted }}
                  options={CARD_ONLY}
                  instruments={data.viewer.paymentInstruments}
                  signedIn
                  error={form.of('payment')[0]}
                  disabled={busy}
                />
              ) : null}
              <p role="status" className="checkout__status">
                {busy ? BUYING_MESSAGES.makingPayment : ''}
              </p>
              <div className="form-actions">
                <button type="submit" className="button button--primary button--large" aria-busy={busy || undefined} aria-disabled={busy || undefined}>
                  {busy ? BUYING_MESSAGES.makingPayment : chosen ? `Pay ${chosen.price.formatted}` : 'Pay'}
                </button>
                <Link to={MY_VOUCHERS_PATH}>No thanks</Link>
              </div>
            </div>
          </form>
        )}
      </div>
    </Main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query VoucherExtendPageQuery($voucherId: ID!) {
    viewer {
      paymentInstruments {
        ...PaymentChoice_instruments
      }
    }
    heldVoucher(voucherId: $voucherId) {
      id
      title
      status
      orderNumber
      expiresAt
      deal {
        title
        url
      }
      extension {
        extendedMonths
        options {
          months
          expiresAt
          price {
            amount
            formatted
          }
        }
        unavailable {
          message
        }
      }
    }
  }
`;
