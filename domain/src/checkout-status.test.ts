import { describe, expect, it } from 'vitest';
import { CHECKOUT_COUNTDOWN_S, CHECKOUT_REFRESH_RESET_MS, CHECKOUT_STATUSES } from './buying.ts';
import { checkoutReducer, checkoutSettled, countdownAt, formatCountdown, initialCheckoutState, type CheckoutAction, type CheckoutState } from './checkout-status.ts';

const NOW = Date.UTC(2026, 10, 22, 13, 0, 0);
const at = (status: CheckoutState['status'], holdEndsAt: number | null = NOW + 100_000, nextHoldEndsAt: number | null = null, error = false): CheckoutState => ({ status, holdEndsAt, nextHoldEndsAt, error });

describe('checkout status (spec §4)', () => {
  it('starts loading, with the statuses and timers of spec §4 and §9', () => {
    expect(initialCheckoutState.status).toBe('loading');
    expect(CHECKOUT_STATUSES).toEqual(['loading', 'ready', 'updating', 'refreshing', 'refreshed']);
    expect(CHECKOUT_COUNTDOWN_S).toBe(300);
    expect(CHECKOUT_REFRESH_RESET_MS).toBe(4000);
  });

  it.each<[string, CheckoutState, CheckoutAction, CheckoutState]>([
    // initial load: loading → ready, the hold from the server's countdown
    ['load', initialCheckoutState, { type: 'loaded', countdown: 120, now: NOW }, at('ready', NOW + 120_000)],
    ['load without a countdown uses 300 s', initialCheckoutState, { type: 'loaded', countdown: null, now: NOW }, at('ready', NOW + 300_000)],
    ['load of an expired hold reports zero', initialCheckoutState, { type: 'loaded', countdown: -5, now: NOW }, at('ready', NOW)],
    ['load failing still ends ready', initialCheckoutState, { type: 'failed' }, at('ready', null, null, true)],
    // update: updating → ready
    ['update', at('ready'), { type: 'update' }, at('updating')],
    ['update after a refresh', at('refreshed', NOW + 1, NOW + 300_000), { type: 'update' }, at('updating', NOW + 1, NOW + 300_000)],
    ['updated keeps the hold without a countdown', at('updating'), { type: 'updated', now: NOW }, at('ready')],
    ['updated with a new countdown', at('updating'), { type: 'updated', countdown: 60, now: NOW }, at('ready', NOW + 60_000)],
    ['update failing goes back to ready', at('updating'), { type: 'failed' }, at('ready', NOW + 100_000, null, true)],
    ['an update clears the last error', at('ready', NOW + 100_000, null, true), { type: 'update' }, at('updating')],
    // refresh: refreshing → refreshed, the new countdown only after the reset
    ['refresh', at('ready'), { type: 'refresh' }, at('refreshing')],
    ['refreshed keeps showing the old hold', at('refreshing', NOW), { type: 'refreshed', countdown: 300, now: NOW }, at('refreshed', NOW, NOW + 300_000)],
    ['reset shows the new hold and is ready', at('refreshed', NOW, NOW + 300_000), { type: 'reset' }, at('ready', NOW + 300_000)],
    ['refresh failing ends refreshed', at('refreshing', NOW), { type: 'failed' }, at('refreshed', NOW, null, true)],
    ['reset after a failed refresh is ready (spec: also on error)', at('refreshed', NOW, null, true), { type: 'reset' }, at('ready', NOW, null, true)],
    // ignored: changes while loading or refreshing, answers nobody asked for
    ['no update while loading', initialCheckoutState, { type: 'update' }, initialCheckoutState],
    ['no update while refreshing', at('refreshing'), { type: 'update' }, at('refreshing')],
    ['no refresh while updating', at('updating'), { type: 'refresh' }, at('updating')],
    ['updated when not updating', at('refreshing'), { type: 'updated', countdown: 10, now: NOW }, at('refreshing')],
    ['refreshed when not refreshing', at('ready'), { type: 'refreshed', countdown: 10, now: NOW }, at('ready')],
    ['reset when not refreshed', at('updating'), { type: 'reset' }, at('updating')],
    ['failed when settled', at('ready'), { type: 'failed' }, at('ready')],
  ])('%s', (_name, state, action, expected) => {
    expect(checkoutReducer(state, action)).toEqual(expected);
  });

  it.each<[number | null, number, number]>([
    // hold ends at, now, seconds shown
    [NOW + 300_000, NOW, 300],
    [NOW + 299_999, NOW, 299],
    [NOW + 300_000, NOW - 900, 300], // the clock a tick behind the answer never shows 301
    [NOW + 1_000, NOW, 1],
    [NOW + 999, NOW, 0],
    [NOW, NOW, 0],
    [NOW - 60_000, NOW, 0],
    [null, NOW, 0],
  ])('the hold ending at %s, seen at %s, shows %s s', (holdEndsAt, now, seconds) => {
    expect(countdownAt(at('ready', holdEndsAt), now)).toBe(seconds);
  });

  it.each<[number, string]>([
    [300, '05:00'],
    [299, '04:59'],
    [61, '01:01'],
    [59, '00:59'],
    [0, '00:00'],
    [-3, '00:00'],
    [3600, '60:00'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  it.each<[CheckoutState['status'], boolean]>([
    ['loading', false],
    ['ready', true],
    ['updating', false],
    ['refreshing', false],
    ['refreshed', true],
  ])('%s accepts changes: %s', (status, settled) => {
    expect(checkoutSettled(at(status))).toBe(settled);
  });
});
