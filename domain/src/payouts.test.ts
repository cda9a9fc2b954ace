import { describe, expect, it } from 'vitest';
import {
  commissionBpOf,
  commissionOf,
  isStatementFinal,
  londonMonthOf,
  londonWeekOf,
  londonWeeksUpTo,
  statementLines,
  statementTotals,
  type PayoutFact,
  type PayoutPeriod,
} from './payouts.ts';
import { payoutStatementCsv } from './payouts-csv.ts';

const at = (iso: string) => new Date(iso);
// Monday 23 November 2026 00:00 London (GMT) to Monday 30 November.
const WEEK: PayoutPeriod = { from: at('2026-11-23T00:00:00Z'), to: at('2026-11-30T00:00:00Z') };
const RATES = { defaultBp: 2500, perDeal: { 9: 1000 } };

const fact = (over: Partial<PayoutFact>): PayoutFact => ({
  voucherId: 'v1',
  code: 'AAA',
  dealId: 7,
  title: 'Spa day',
  paid: 2500,
  kind: 'redeemed',
  at: at('2026-11-25T10:00:00Z'),
  undoneAt: null,
  refundedAt: null,
  ...over,
});

describe('commissionOf: paid × bp / 10 000, half up to the penny', () => {
  it.each([
    [2500, 2500, 625],
    [50, 2500, 13], // 12.5 → 13
    [30, 2500, 8], // 7.5 → 8
    [10, 2500, 3], // 2.5 → 3
    [9, 2500, 2], // 2.25 → 2
    [1, 5000, 1], // 0.5 → 1
    [1, 4999, 0],
    [1999, 1750, 350], // 349.825 → 350
    [0, 2500, 0],
    [12345, 0, 0],
    [12345, 10_000, 12345],
  ])('%i p at %i bp → %i p', (paid, bp, expected) => {
    expect(commissionOf(paid, bp)).toBe(expected);
  });
  it('refuses what is not pence or a rate', () => {
    expect(() => commissionOf(-1, 2500)).toThrow(RangeError);
    expect(() => commissionOf(1.5, 2500)).toThrow(RangeError);
    expect(() => commissionOf(100, 10_001)).toThrow(RangeError);
  });
  it("a deal's own rate wins over the business's", () => {
    expect(commissionBpOf(9, RATES)).toBe(1000);
    expect(commissionBpOf(7, RATES)).toBe(2500);
  });
});

describe('statementLines: the rule table', () => {
  const cases: Array<[string, Partial<PayoutFact>, Array<[string, number, number, number]>]> = [
    ['redeemed in the week: paid, less 25%', {}, [['redeemed', 2500, 625, 1875]]],
    ['a deal with its own 10%', { dealId: 9 }, [['redeemed', 2500, 250, 2250]]],
    ['redeemed at Monday 00:00: in', { at: WEEK.from }, [['redeemed', 2500, 625, 1875]]],
    ['redeemed at the next Monday 00:00: out', { at: WEEK.to }, []],
    ['redeemed the Sunday before: out', { at: at('2026-11-22T23:59:59Z') }, []],
    ['a redemption undone (within 15 minutes): never paid', { undoneAt: at('2026-11-25T10:14:59Z') }, []],
    ['goods marked sent in the week', { kind: 'sent' }, [['sent', 2500, 625, 1875]]],
    ['goods sent and refunded (returned) in the same week: nothing', { kind: 'sent', refundedAt: at('2026-11-28T09:00:00Z') }, []],
    ['goods sent this week, refunded next week: paid here', { kind: 'sent', refundedAt: at('2026-12-01T09:00:00Z') }, [['sent', 2500, 625, 1875]]],
    ['goods sent last week, refunded this week: clawed back at paid less its commission', { kind: 'sent', at: at('2026-11-20T09:00:00Z'), refundedAt: at('2026-11-24T09:00:00Z') }, [['clawback', -2500, -625, -1875]]],
    ['an odd amount: the clawback takes back exactly the rounded commission', { kind: 'sent', paid: 50, at: at('2026-11-20T09:00:00Z'), refundedAt: at('2026-11-24T09:00:00Z') }, [['clawback', -50, -13, -37]]],
    ['refunded before it was paid out (refund before the event): no clawback', { kind: 'sent', refundedAt: at('2026-11-24T09:00:00Z'), at: at('2026-12-02T09:00:00Z') }, []],
    ['sent long ago, refunded after this week: nothing here', { kind: 'sent', at: at('2026-11-01T09:00:00Z'), refundedAt: at('2026-12-24T09:00:00Z') }, []],
  ];
  it.each(cases)('%s', (_name, over, expected) => {
    const lines = statementLines([fact(over)], WEEK, RATES);
    expect(lines.map((l) => [l.kind, l.paid, l.commission, l.net])).toEqual(expected);
  });

  it('a voucher is paid once, for its first payable event: redeemed again after an undo, or goods redeemed and posted', () => {
    const facts = [
      fact({ undoneAt: at('2026-11-25T10:10:00Z') }),
      fact({ at: at('2026-11-25T11:00:00Z') }),
      fact({ kind: 'sent', at: at('2026-11-26T11:00:00Z') }),
    ];
    expect(statementLines(facts, WEEK, RATES).map((l) => [l.kind, l.at.toISOString()])).toEqual([['redeemed', '2026-11-25T11:00:00.000Z']]);
    // Redeemed last week, sent this week: nothing this week (it was paid last week).
    expect(statementLines([fact({ at: at('2026-11-20T11:00:00Z') }), fact({ kind: 'sent' })], WEEK, RATES)).toEqual([]);
  });

  it('totals are sums of the lines: gross − commission − refunded = net', () => {
    const facts = [
      fact({ voucherId: 'a', code: 'A', paid: 1999 }),
      fact({ voucherId: 'b', code: 'B', paid: 50, dealId: 9 }),
      fact({ voucherId: 'c', code: 'C', kind: 'sent', paid: 3333, at: at('2026-11-10T09:00:00Z'), refundedAt: at('2026-11-26T09:00:00Z') }),
      fact({ voucherId: 'd', code: 'D', undoneAt: at('2026-11-25T10:05:00Z') }),
    ];
    const lines = statementLines(facts, WEEK, RATES);
    expect(lines.map((l) => l.code)).toEqual(['A', 'B', 'C']);
    const t = statementTotals(lines);
    expect(t).toEqual({ vouchers: 2, gross: 2049, commission: 500 + 5, refunds: 1, refunded: 3333 - 833, net: 1999 - 500 + 45 - 2500 });
    expect(t.gross - t.commission - t.refunded).toBe(t.net);
  });

  it('over consecutive weeks a voucher paid then refunded nets to zero, and one never refunded is paid once', () => {
    const facts = [fact({ voucherId: 'x', code: 'X', kind: 'sent', at: at('2026-11-18T09:00:00Z'), refundedAt: at('2026-11-26T09:00:00Z') }), fact({ voucherId: 'y', code: 'Y', at: at('2026-11-18T09:00:00Z') })];
    const weeks = londonWeeksUpTo(at('2026-11-26T12:00:00Z'), 3);
    const all = weeks.flatMap((w) => statementLines(facts, w, RATES));
    expect(all.filter((l) => l.code === 'X').reduce((s, l) => s + l.net, 0)).toBe(0);
    expect(all.filter((l) => l.code === 'Y')).toHaveLength(1);
  });
});

describe('periods in London time', () => {
  it('a week is Monday 00:00 to Monday 00:00 London, in GMT and across the clocks changing', () => {
    expect(londonWeekOf(at('2026-11-25T10:00:00Z'))).toEqual(WEEK);
    expect(londonWeekOf(at('2026-11-29T23:59:59Z'))).toEqual(WEEK);
    expect(londonWeekOf(at('2026-11-30T00:00:00Z')).from).toEqual(WEEK.to);
    // Summer: Monday 00:00 BST is Sunday 23:00 UTC.
    expect(londonWeekOf(at('2026-07-15T12:00:00Z'))).toEqual({ from: at('2026-07-12T23:00:00Z'), to: at('2026-07-19T23:00:00Z') });
    // The week the clocks go back (25 October 2026): it starts in BST and ends in GMT, 169 hours.
    const autumn = londonWeekOf(at('2026-10-21T12:00:00Z'));
    expect(autumn).toEqual({ from: at('2026-10-18T23:00:00Z'), to: at('2026-10-26T00:00:00Z') });
    expect((autumn.to.getTime() - autumn.from.getTime()) / 3_600_000).toBe(169);
  });
  it('the last n weeks, newest first, contiguous', () => {
    const weeks = londonWeeksUpTo(at('2026-11-25T10:00:00Z'), 5);
    expect(weeks[0]).toEqual(WEEK);
    for (let i = 1; i < weeks.length; i++) expect(weeks[i]!.to).toEqual(weeks[i - 1]!.from);
  });
  it('a month in London time', () => {
    expect(londonMonthOf(at('2026-11-15T00:00:00Z'))).toEqual({ from: at('2026-11-01T00:00:00Z'), to: at('2026-12-01T00:00:00Z') });
    expect(londonMonthOf(at('2026-06-15T00:00:00Z'))).toEqual({ from: at('2026-05-31T23:00:00Z'), to: at('2026-06-30T23:00:00Z') });
  });
  it('final 15 minutes after the period ends', () => {
    expect(isStatementFinal(WEEK, at('2026-11-30T00:14:59Z'))).toBe(false);
    expect(isStatementFinal(WEEK, at('2026-11-30T00:15:00Z'))).toBe(true);
  });
});

describe('payoutStatementCsv', () => {
  it('a row per line in London time, pounds from pence, text guarded against formulas and quoted, then the totals', () => {
    const lines = [
      { code: 'K7QZ2M', dealTitle: '=Tea, "deluxe"', title: '-2 for 1', kind: 'redeemed' as const, at: '2026-07-13T10:05:00.000Z', commissionBp: 1250, paid: 1999, commission: 250, net: 1749 },
      { code: 'P4RT9X', dealTitle: null, title: 'Scarf', kind: 'clawback' as const, at: '2026-07-14T10:05:00.000Z', commissionBp: 2500, paid: -50, commission: -13, net: -37 },
    ];
    const csv = payoutStatementCsv({ lines, totals: { vouchers: 1, gross: 1999, commission: 250, refunds: 1, refunded: 37, net: 1712 } });
    expect(csv.split('\r\n')).toEqual([
      'Date (London),Kind,Voucher code,Deal,Option,Paid,Commission rate,Commission,Net',
      `2026-07-13 11:05,Redeemed,K7QZ2M,"'=Tea, ""deluxe""",'-2 for 1,19.99,12.5%,2.50,17.49`,
      '2026-07-14 11:05,Refund (clawback),P4RT9X,,Scarf,-0.50,25%,-0.13,-0.37',
      '',
      'Vouchers paid,1',
      'Gross,19.99',
      'Commission,2.50',
      'Refunds (1),0.37',
      'Net payable,17.12',
      '',
    ]);
  });
});
