/**
 * Spec §4 checkout status machine, as a pure reducer (no clock, no timers: every action that
 * needs the time carries `now`, and the caller schedules `reset` CHECKOUT_REFRESH_RESET_MS after
 * a refresh ends).
 *
 *   loading (initial) --loaded--> ready
 *   ready --update--> updating --updated / failed--> ready
 *   ready --refresh--> refreshing --refreshed / failed--> refreshed --reset (after 4 s)--> ready
 *
 * The countdown is the hold of the basket's units (issue 6 point 10): the server says how many
 * seconds are left (`countdown`, CHECKOUT_COUNTDOWN_S by default); the client keeps the moment the
 * hold ends and counts down to it. A refresh's new hold shows only when the status resets to
 * ready ("after 4 seconds the countdown resets"), also when the refresh failed. Expired timers
 * report zero.
 */
import { CHECKOUT_COUNTDOWN_S, CHECKOUT_REFRESH_RESET_MS, type CheckoutStatus } from './buying.ts';

export { CHECKOUT_REFRESH_RESET_MS };

export interface CheckoutState {
  status: CheckoutStatus;
  /** When the hold shown ends, in ms since the epoch; null before the first load. */
  holdEndsAt: number | null;
  /** A refresh's hold, shown from the reset on; null when there is none. */
  nextHoldEndsAt: number | null;
  /** The last load, update or refresh failed. */
  error: boolean;
}

export type CheckoutAction =
  /** The first load answered; `countdown` is the server's seconds left (null: the default). */
  | { type: 'loaded'; countdown: number | null; now: number }
  | { type: 'update' }
  /** An update answered; a new countdown from the server when it sent one. */
  | { type: 'updated'; countdown?: number | null; now: number }
  | { type: 'refresh' }
  | { type: 'refreshed'; countdown: number | null; now: number }
  /** The load, update or refresh in progress failed. */
  | { type: 'failed' }
  /** CHECKOUT_REFRESH_RESET_MS after the status became refreshed. */
  | { type: 'reset' };

export const initialCheckoutState: CheckoutState = { status: 'loading', holdEndsAt: null, nextHoldEndsAt: null, error: false };

/** The server's seconds left as a moment: null or a non-number is the default; below 0 is 0. */
function endsAt(countdown: number | null | undefined, now: number): number {
  const seconds = typeof countdown === 'number' && Number.isFinite(countdown) ? Math.max(0, Math.floor(countdown)) : CHECKOUT_COUNTDOWN_S;
  return now + seconds * 1000;
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'loaded':
      return { status: 'ready', holdEndsAt: endsAt(action.countdown, action.now), nextHoldEndsAt: null, error: false };
    case 'update':
      // Only from a settled page: a change while loading or refreshing waits for it.
      return state.status === 'ready' || state.status === 'refreshed' ? { ...state, status: 'updating', error: false } : state;
    case 'updated':
      if (state.status !== 'updating') return state;
      return { ...state, status: 'ready', holdEndsAt: action.countdown !== undefined ? endsAt(action.countdown, action.now) : state.holdEndsAt, nextHoldEndsAt: null, error: false };
    case 'refresh':
      return state.status === 'ready' || state.status === 'refreshed' ? { ...state, status: 'refreshing', error: false } : state;
    case 'refreshed':
      if (state.status !== 'refreshing') return state;
      return { ...state, status: 'refreshed', nextHoldEndsAt: endsAt(action.countdown, action.now), error: false };
    case 'failed':
      if (state.status === 'loading' || state.status === 'updating') return { ...state, status: 'ready', error: true };
      if (state.status === 'refreshing') return { ...state, status: 'refreshed', nextHoldEndsAt: null, error: true };
      return state;
    case 'reset':
      if (state.status !== 'refreshed') return state;
      return { ...state, status: 'ready', holdEndsAt: state.nextHoldEndsAt ?? state.holdEndsAt, nextHoldEndsAt: null };
  }
}

/**
 * Whole seconds left of the hold at `now`, rounded down (never more time than is left, even with
 * a clock a tick behind the last answer); 0 once it has ended, and before the first load.
 */
export function countdownAt(state: CheckoutState, now: number): number {
  if (state.holdEndsAt === null) return 0;
  return Math.max(0, Math.floor((state.holdEndsAt - now) / 1000));
}

/** mm:ss, e.g. 300 → '05:00', 59 → '00:59'; below 0 shows '00:00'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The page may send a change now (not while it loads, updates or refreshes). */
export function checkoutSettled(state: CheckoutState): boolean {
  return state.status === 'ready' || state.status === 'refreshed';
}
