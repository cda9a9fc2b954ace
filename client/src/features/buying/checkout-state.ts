/**
 * The checkout page's state beside its data: the status and the hold's clock (spec §4, the pure
 * machine of @shop/domain/checkout-status driven by timers here), the payment under way, the
 * status text (spec §8), and the messages beside the basket's lines.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { checkoutReducer, checkoutSettled, countdownAt, initialCheckoutState, CHECKOUT_REFRESH_RESET_MS } from '@shop/domain/checkout-status';
import { BUYING_MESSAGES, type CheckoutStatus } from '@shop/domain/buying';

/** Where the page's payment is: none yet, placeOrder under way, or the order placed (or pending). */
export type Paying = 'idle' | 'paying' | 'succeeded';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The status machine from the page's first load (`countdown`: the server's seconds left then),
 * and its clock: `seconds` left on the hold, `holdEnded` once they have run out, `settled` when
 * nothing loads, updates or refreshes.
 */
export function useCheckoutStatus(countdown: number) {
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);
  const [loadedAt] = useState(() => ({ countdown, now: Date.now() }));
  useEffect(() => dispatch({ type: 'loaded', countdown: loadedAt.countdown, now: loadedAt.now }), [loadedAt]);
  const now = useNow(state.holdEndsAt !== null);
  const seconds = countdownAt(state, now);

  // Spec §4: after a refresh, the countdown resets and the status is ready after 4 seconds (also on error).
  useEffect(() => {
    if (state.status !== 'refreshed') return;
    const timer = setTimeout(() => dispatch({ type: 'reset' }), CHECKOUT_REFRESH_RESET_MS);
    return () => clearTimeout(timer);
  }, [state.status]);

  return { state, dispatch, settled: checkoutSettled(state), seconds, holdEnded: state.holdEndsAt !== null && seconds <= 0 };
}

/** Spec §8 status texts: 'Please wait...' while loading or updating, 'Making payment...', 'Purchase Successful'. */
export function statusText(status: CheckoutStatus, paying: Paying): string {
  if (paying === 'paying') return BUYING_MESSAGES.makingPayment;
  if (paying === 'succeeded') return BUYING_MESSAGES.purchaseSuccessful;
  if (status === 'loading' || status === 'updating' || status === 'refreshing') return BUYING_MESSAGES.pleaseWait;
  return '';
}

/** The message beside each basket line, by product id: `lineError(productId, null)` clears a line's. */
export function useLineErrors() {
  const [lineErrors, setLineErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const lineError = useCallback((productId: number, message: string | null) => {
    setLineErrors((errors) => {
      const next = new Map(errors);
      if (message) next.set(productId, message);
      else next.delete(productId);
      return next;
    });
  }, []);
  return { lineErrors, lineError };
}
