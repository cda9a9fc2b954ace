import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { formatCountdown } from '@shop/domain/checkout-status';
import { BUYING_MESSAGES, type CheckoutStatus } from '@shop/domain/buying';
import { confirmationPath } from './paths.ts';
import type { HoldCountdown_checkout$key } from '../../__generated__/HoldCountdown_checkout.graphql';

/** A time of day as a UK shopper reads it, e.g. '3:45 pm' (Europe/London). */
const londonTime = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(iso));

/**
 * The top of the checkout: an order of this basket still being confirmed (pay nothing more), else
 * the hold's countdown. `seconds` and `status` are the page's clock and status (spec §4).
 */
export function CheckoutHold({
  checkout,
  ...clock
}: {
  checkout: HoldCountdown_checkout$key;
  seconds: number;
  status: CheckoutStatus;
  failed: boolean;
  onRefresh: () => void;
}) {
  const data = useFragment<HoldCountdown_checkout$key>(
    graphql`
      fragment HoldCountdown_checkout on Checkout {
        pendingOrderNumber
        holdLimitReached
        holdAgainAt
      }
    `,
    checkout,
  );
  if (data.pendingOrderNumber) {
    return (
      <div className="checkout__pending" role="status" data-testid="checkout-pending">
        <p>
          <strong>Your order {data.pendingOrderNumber} is being confirmed.</strong> {BUYING_MESSAGES.paymentPending}
        </p>
        <Link to={confirmationPath(data.pendingOrderNumber)}>See order {data.pendingOrderNumber}</Link>
      </div>
    );
  }
  return <HoldCountdown {...clock} limitReached={data.holdLimitReached} againAt={data.holdAgainAt} />;
}

/**
 * The hold's countdown (spec §4; issue 6 point 10: a real hold). It says what it is for, with no
 * pressure: the vouchers are kept for the shopper while it runs. At 0 it says the hold ended and
 * offers to hold them again. Screen readers hear it at the minute marks, not every second.
 */
function HoldCountdown({
  seconds,
  status,
  failed,
  limitReached = false,
  againAt = null,
  onRefresh,
}: {
  seconds: number;
  status: CheckoutStatus;
  failed: boolean;
  /** Issue 14: this hold is the last of the basket's 15 minutes; at its end the units go back on sale. */
  limitReached?: boolean;
  /** When the basket may hold them again (ISO 8601). */
  againAt?: string | null;
  onRefresh: () => void;
}) {
  const minute = seconds > 0 ? Math.ceil(seconds / 60) : 0;
  const ended = seconds <= 0;
  const refreshing = status === 'refreshing';
  // Spec §4: after a refresh the new countdown shows once the status is ready again (4 s).
  const heldAgain = status === 'refreshed' && !failed && !limitReached;
  if (ended && limitReached && !heldAgain) {
    return (
      <section className="hold hold--ended" aria-labelledby="hold-title" data-testid="hold">
        <h2 id="hold-title" className="visually-hidden">
          Your reserved vouchers
        </h2>
        <p className="hold__text" data-testid="hold-released">
          <strong>Your hold on these vouchers has ended and they have been released.</strong> {BUYING_MESSAGES.holdLapsed}
          {againAt ? ` You can reserve them again from ${londonTime(againAt)}.` : ''}
        </p>
        <p className="visually-hidden" aria-live="polite">
          Your hold on these vouchers has ended and they have been released.
        </p>
      </section>
    );
  }
  return (
    <section className={`hold${ended ? ' hold--ended' : ''}`} aria-labelledby="hold-title" data-testid="hold">
      <h2 id="hold-title" className="visually-hidden">
        Your reserved vouchers
      </h2>
      {ended && heldAgain ? (
        <p className="hold__text">
          <strong>Your vouchers are held for you again.</strong> The countdown restarts in a moment.
        </p>
      ) : ended ? (
        <>
          <p className="hold__text">
            <strong>Your hold on these vouchers has ended.</strong> {failed ? 'We could not hold them again just now: please try again.' : 'They may have gone back on sale. Hold them again to carry on.'}
          </p>
          <button type="button" className="button button--secondary" aria-busy={refreshing || undefined} onClick={() => !refreshing && onRefresh()}>
            {refreshing ? 'Please wait...' : 'Hold my vouchers again'}
          </button>
        </>
      ) : (
        <p className="hold__text">
          We’re holding these vouchers for you for{' '}
          <span className="hold__time" aria-hidden="true">
            {formatCountdown(seconds)}
          </span>
          <span className="visually-hidden">{minute === 1 ? 'less than a minute' : `about ${minute} minutes`}</span>, so nobody else can buy them while you pay.
          {limitReached ? ' This is the longest we can hold them: when the time is up they go back on sale.' : ''}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {ended && heldAgain ? 'Your vouchers are held for you again.' : ended ? 'Your hold on these vouchers has ended.' : seconds <= 60 ? 'Less than a minute left of your hold.' : ''}
      </p>
    </section>
  );
}

