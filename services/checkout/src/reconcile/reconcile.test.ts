/**
 * Issue 14.1, the reconciler's rule as a table: what happens to a PENDING order for each
 * (charge status, fulfillable, past the abandon delay). A capture never ends FAILED while the
 * money is kept: it is paid, or given back first. (The record-first lookup that feeds it:
 * services/payment/src/durable.test.ts; the whole path after a kill -9: orders/crash-random*.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { reconcileAction, type ReconcileAction } from './reconcile.ts';

type Charge = Parameters<typeof reconcileAction>[0];
const TABLE: Array<[Charge, boolean, boolean, ReconcileAction]> = [
  // charge        fulfillable abandoned  action
  ['succeeded', true, false, 'pay'],
  ['succeeded', true, true, 'pay'], // a capture is paid however old the order is
  ['succeeded', false, false, 'reverse-then-fail'],
  ['succeeded', false, true, 'reverse-then-fail'],
  ['declined', true, false, 'fail'],
  ['declined', false, true, 'fail'],
  ['none', true, false, 'wait'], // the charge may still arrive
  ['none', true, true, 'fail'],
  ['unknown', true, false, 'wait'],
  ['unknown', true, true, 'wait'], // no answer is never a failure
];

describe('reconcileAction (issue 14.1)', () => {
  it.each(TABLE)('charge %s, fulfillable %s, abandoned %s → %s', (charge, fulfillable, abandoned, action) => {
    expect(reconcileAction(charge, { fulfillable, abandoned })).toBe(action);
  });
  it('never fails an order whose charge succeeded', () => {
    for (const fulfillable of [true, false]) for (const abandoned of [true, false]) expect(reconcileAction('succeeded', { fulfillable, abandoned })).not.toBe('fail');
  });
});
