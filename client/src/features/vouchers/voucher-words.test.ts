import { describe, expect, it } from 'vitest';
import { VOUCHER_STATUS_CODES } from '@shop/domain/voucher-status';
import { canRefund, maskCode, optionTitle, refundClosedLine, refundedMessage, STATUS_FILTERS, statusFromParam, statusParam, statusWords, validityOf, voucherPdfPath } from './voucher-words.ts';

describe('My Vouchers words', () => {
  it('the filter offers every status in the spec words, each with a url value that reads back', () => {
    expect(STATUS_FILTERS.map((s) => s.words)).toEqual(Object.keys(VOUCHER_STATUS_CODES));
    for (const s of STATUS_FILTERS) expect(statusFromParam(s.param)).toBe(s.code);
    expect(statusParam('RETURNED_TO_THE_MERCHANT')).toBe('returned-to-the-merchant');
    expect(statusWords('READY_TO_REDEEM')).toBe('Ready to Redeem');
    for (const other of [null, '', 'READY_TO_REDEEM', 'all', 'ready to redeem']) expect(statusFromParam(other)).toBeNull();
  });

  it("names the option without its deal's title in front", () => {
    expect(optionTitle('Afternoon Tea at the Willow: for two', 'Afternoon Tea at the Willow')).toBe('for two');
    expect(optionTitle('Tea for two', 'Afternoon Tea at the Willow')).toBe('Tea for two');
    expect(optionTitle('Afternoon Tea at the Willow: ', 'Afternoon Tea at the Willow')).toBe('Afternoon Tea at the Willow: ');
    expect(optionTitle('Tea for two', null)).toBe('Tea for two');
  });

  it('masks all but the first group of a code', () => {
    expect(maskCode('K7QZ2M-9TXB4R-WC3HDN')).toBe('K7QZ2M-••••••-••••••');
  });

  it('says "use by" while a voucher can be used, "expired on" once its date has passed, nothing once it is done with', () => {
    const now = new Date('2026-12-10T12:00:00Z');
    expect(validityOf('READY_TO_REDEEM', '2027-02-20T23:59:59.999Z', now)).toEqual({ kind: 'useBy', at: '2027-02-20T23:59:59.999Z' });
    expect(validityOf('BOOKED', null, now)).toEqual({ kind: 'noExpiry', at: null });
    // Past its date before the expiry job ran: already expired for the shopper.
    expect(validityOf('READY_TO_REDEEM', '2026-12-09T23:59:59.999Z', now)).toEqual({ kind: 'expired', at: '2026-12-09T23:59:59.999Z' });
    expect(validityOf('EXPIRED', '2026-12-09T23:59:59.999Z', now)).toEqual({ kind: 'expired', at: '2026-12-09T23:59:59.999Z' });
    expect(validityOf('REDEEMED', '2027-02-20T23:59:59.999Z', now)).toBeNull();
  });

  it('offers a refund while Ready to Redeem and until the end of its window; then says until when', () => {
    const until = '2026-11-03T23:59:59.999Z';
    expect(canRefund('READY_TO_REDEEM', until, new Date('2026-11-03T23:59:59.999Z'))).toBe(true);
    expect(canRefund('READY_TO_REDEEM', until, new Date('2026-11-04T00:00:00.000Z'))).toBe(false);
    expect(canRefund('BOOKED', until, new Date('2026-10-25T12:00:00Z'))).toBe(false);
    expect(canRefund('REFUNDED', until, new Date('2026-10-25T12:00:00Z'))).toBe(false);
    // Summer time: the window's last instant is 22:59:59.999 UTC, still that London day.
    expect(refundClosedLine('2026-07-14T22:59:59.999Z')).toBe('Refunds were possible until 14 July 2026.');
    expect(refundClosedLine(until)).toBe('Refunds were possible until 3 November 2026.');
  });

  it('says where the refund went: the payment method (with any wallet part), the wallet, or a person paying it back', () => {
    const m = (amount: number) => ({ amount, formatted: `£${(amount / 100).toFixed(2)}` });
    expect(refundedMessage({ destination: 'ORIGINAL', state: 'REQUESTED', cashAmount: m(2500), walletAmount: m(0) })).toBe('Refund of £25.00 on its way to your payment method');
    expect(refundedMessage({ destination: 'ORIGINAL', state: 'COMPLETED', cashAmount: m(1500), walletAmount: m(1000) })).toBe('Refund of £15.00 on its way to your payment method, and £10.00 back in your wallet');
    expect(refundedMessage({ destination: 'ORIGINAL', state: 'COMPLETED', cashAmount: m(0), walletAmount: m(2500) })).toBe('£25.00 added to your wallet');
    expect(refundedMessage({ destination: 'WALLET', state: 'COMPLETED', cashAmount: m(0), walletAmount: m(2500) })).toBe('£25.00 added to your wallet');
    expect(refundedMessage({ destination: 'ORIGINAL', state: 'FAILED', cashAmount: m(2500), walletAmount: m(0) })).toBe('Refund of £25.00 recorded: our customer-care team will pay it back to your payment method');
  });

  it("links to a voucher's printed PDF by its global id, encoded", () => {
    expect(voucherPdfPath('Vm91Y2hlcjpUMTox+/a=')).toBe('/myaccount/vouchers/Vm91Y2hlcjpUMTox%2B%2Fa%3D/voucher.pdf');
  });
});
