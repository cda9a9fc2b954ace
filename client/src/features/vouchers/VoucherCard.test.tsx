/**
 * A voucher card as the shopper reads it, against relay-test-utils' mock environment: the status
 * words of spec §3 with their explanation, the London "Use by" date, the code hidden until "Show
 * code" (a disclosure button) and the QR code revealed with it (never the link itself), the
 * printed voucher's link, the help panel's sections keyed by the spec's help event keys, the
 * history read only when its section opens, and no buttons for what is not built. The refund
 * panel has its own tests (VoucherRefund.test.tsx).
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VOUCHER_HELP_EVENT_KEYS } from '@shop/domain/voucher-status';
import { money, renderVoucher, voucherData } from './test/render-voucher.tsx';

const VOUCHER_ID = 'Vm91Y2hlcjp0ZXN0';

async function renderCard(voucher: Record<string, unknown>) {
  const { environment } = await renderVoucher(
    voucherData({
      id: VOUCHER_ID,
      orderNumber: 'TD100042',
      paidAt: new Date().toISOString(),
      redemptionLink: 'http://shop.test/merchant/redeem/6f1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f60.sig-nature_123',
      price: money(2500),
      howToRedeem: { title: 'Book with the merchant before you go', steps: ['Contact the merchant by phone or online to book, and quote your voucher code.'] },
      ...voucher,
    }),
  );
  return environment;
}

describe('VoucherCard', () => {
  it('shows the deal, the option, the status in the spec words with their explanation, the London date and the order', async () => {
    await renderCard({});
    const card = screen.getByRole('article', { name: 'Afternoon tea at the Willow' });
    expect(within(card).getByRole('link', { name: 'Afternoon tea at the Willow' })).toHaveAttribute('href', '/deals/glasgow/afternoon-tea/classic-afternoon-tea/7/willow.html');
    expect(card).toHaveTextContent('Afternoon tea for two');
    expect(within(card).getByText('Ready to Redeem')).toBeVisible();
    expect(within(card).getByText('print the voucher and use it to redeem')).toBeVisible();
    expect(card).toHaveTextContent('Use by 20 February 2027');
    expect(card).toHaveTextContent('TD100042');
  });

  it('hides the code and its QR code until Show code, a disclosure button; the QR link is never shown as a link', async () => {
    await renderCard({});
    const user = userEvent.setup();
    const card = screen.getByRole('article');
    expect(screen.queryByText('K7QZ2M-9TXB4R-WC3HDN')).not.toBeInTheDocument();
    expect(screen.getByText('K7QZ2M-••••••-••••••')).toBeVisible();
    expect(within(card).queryByRole('img', { name: 'QR code for the merchant to scan' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show code' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByText('K7QZ2M-9TXB4R-WC3HDN')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide code' })).toHaveAttribute('aria-expanded', 'true');
    const qr = within(card).getByRole('img', { name: 'QR code for the merchant to scan' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('title')).toHaveTextContent('QR code for the merchant to scan');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    // The link is for the merchant's scanner: nowhere as text or as a link.
    expect(card).not.toHaveTextContent('/merchant/redeem/');
    expect(card.querySelector('a[href*="/merchant/redeem/"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Hide code' }));
    expect(screen.queryByText('K7QZ2M-9TXB4R-WC3HDN')).not.toBeInTheDocument();
    expect(within(card).queryByRole('img', { name: 'QR code for the merchant to scan' })).not.toBeInTheDocument();
  });

  it('links to the printed voucher (a PDF in a new tab) while it can be used', async () => {
    await renderCard({});
    const print = screen.getByRole('link', { name: /^Print voucher/ });
    expect(print).toHaveAttribute('href', `/myaccount/vouchers/${encodeURIComponent(VOUCHER_ID)}/voucher.pdf`);
    expect(print).toHaveAttribute('target', '_blank');
    expect(print).toHaveAccessibleName('Print voucher (PDF, opens in a new tab)');
  });

  it('an expired voucher says when it expired; a gift says who it is for', async () => {
    await renderCard({ status: 'Expired', statusCode: 'EXPIRED', statusDescription: 'expiry date passed', expiresAt: '2026-03-01T23:59:59.999Z', recipientName: 'Eilidh' });
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('Expired on 1 March 2026');
    expect(card).not.toHaveTextContent('Use by');
    expect(card).toHaveTextContent('Gift for');
    expect(card).toHaveTextContent('Eilidh');
    // Nothing to print, scan or refund any more.
    expect(within(card).queryByRole('link', { name: /Print voucher/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Show code' }));
    expect(within(card).queryByRole('img', { name: 'QR code for the merchant to scan' })).not.toBeInTheDocument();
  });

  it.each([
    ['Refunded', 'REFUNDED'],
    ['Request Processed', 'REQUEST_PROCESSED'],
    ['Return in Transit', 'RETURN_IN_TRANSIT'],
  ])('a voucher %s shows no code: it no longer works', async (status, statusCode) => {
    await renderCard({ status, statusCode, statusDescription: null });
    const card = screen.getByRole('article');
    expect(within(card).queryByRole('button', { name: 'Show code' })).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('Voucher code');
  });

  it('the help panel: its sections keyed by the spec help event keys; the history is read when its section opens; no buttons for what is not built', async () => {
    const environment = await renderCard({});
    const user = userEvent.setup();
    const panel = screen.getByText('Help with this voucher').closest('details')!;
    const keys = [panel, ...panel.querySelectorAll('details')].map((d) => d.getAttribute('data-help-event'));
    expect([...keys].sort()).toEqual([...VOUCHER_HELP_EVENT_KEYS].sort());
    await user.click(screen.getByText('Help with this voucher'));
    await user.click(screen.getByText('How to redeem'));
    expect(screen.getByText('Book with the merchant before you go')).toBeVisible();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    await user.click(screen.getByText('Voucher history'));
    const history = environment.mock.getMostRecentOperation();
    expect(history.request.node.operation.name).toBe('VoucherHistoryQuery');
    expect(history.request.variables).toEqual({ id: VOUCHER_ID });
    await act(async () => {
      environment.mock.resolve(history, { data: { node: { __typename: 'Voucher', id: VOUCHER_ID, history: [{ toStatus: 'Ready to Redeem', reason: 'Issued with order TD100042', at: '2026-12-08T10:00:00.000Z' }] } } });
    });
    expect(await screen.findByText('Issued with order TD100042')).toBeVisible();
    // Refunds, printing and gifting are the card's own (built); nothing for extending or returns.
    for (const name of [/extend/i, /return/i]) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(panel).queryAllByRole('button')).toEqual([]);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Show code', 'Refund', 'Gift this voucher']);
    // Refunds and returns: how a refund is made here, returns by email.
    await user.click(screen.getByText('Refunds and returns'));
    const returns = panel.querySelector('[data-help-event="return"]')!;
    expect(returns).toHaveTextContent(/You can refund this voucher until \d{1,2} [A-Z][a-z]+ \d{4}, as long as it has not been used: press Refund on the voucher\./);
    expect(returns).toHaveTextContent('Returning goods sent by post? Email help@thistledeals.co.uk with your order number, TD100042');
    expect(returns).not.toHaveTextContent(/to cancel/i);
  });

  it('goods the merchant marked sent say when, by whom and the tracking reference; to cancel, they go back by a return (issue 17 point 5)', async () => {
    await renderCard({ sent: { carrier: 'Royal Mail', trackingReference: 'JD0146 0000 1234', sentAt: '2026-11-21T10:00:00.000Z' } });
    const card = screen.getByRole('article');
    expect(within(card).getByText(/^Sent on/)).toHaveTextContent('Sent on 21 November 2026 by Royal Mail, tracking JD0146 0000 1234');
    expect(within(card).getByText('To cancel, send it back with “Return this item”: you are refunded when it arrives.')).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });
});
