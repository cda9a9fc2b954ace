/**
 * The help centres (issue 19 point 7): the search filters the questions as you type, the count is
 * said in a polite live region, nothing matching says so (and clears); a question's anchor opens
 * its answer; /merchantfaqs is the merchants' centre.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MERCHANT_HELP, SHOPPER_HELP } from '@shop/domain/help-centre';
import { renderPage } from '../test/render-page.tsx';
import { Component as HelpCentrePage } from './HelpCentrePage.tsx';

const total = (sections: typeof SHOPPER_HELP.sections) => sections.reduce((n, s) => n + s.questions.length, 0);
const summaries = () => Array.from(document.querySelectorAll('details > summary')).map((s) => s.textContent);

describe('help centre', () => {
  it('filters the questions as you type and announces the count; no match says so and clears', async () => {
    const { user } = renderPage('/faqs', <HelpCentrePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent(`${total(SHOPPER_HELP.sections)} questions`);
    for (const section of SHOPPER_HELP.sections) expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Search the questions' });
    await user.type(search, 'refund');
    const shown = summaries();
    expect(shown).toContain('How do I get a refund?');
    expect(shown).not.toContain('Does VIP renew automatically?');
    expect(shown.length).toBeLessThan(total(SHOPPER_HELP.sections));
    expect(status).toHaveTextContent(`${shown.length} questions match “refund”`);

    await user.type(search, ' zebra');
    expect(summaries()).toEqual([]);
    expect(status).toHaveTextContent('0 questions match “refund zebra”');
    expect(screen.getByRole('heading', { level: 2, name: 'No questions match “refund zebra”' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(search).toHaveValue('');
    expect(summaries()).toHaveLength(total(SHOPPER_HELP.sections));
  });

  it('an anchor opens its answer; a question is a disclosure', async () => {
    const { user } = renderPage('/faqs#refund-how', <HelpCentrePage />);
    await screen.findByRole('heading', { level: 1, name: 'Help centre' });
    const refund = document.getElementById('refund-how') as HTMLDetailsElement;
    expect(refund.open).toBe(true);
    expect(within(refund).getByRole('link', { name: 'Refunds in our e-commerce terms' })).toHaveAttribute('href', '/page/e-commerceterms#refunds');
    const vip = document.getElementById('vip-renewal') as HTMLDetailsElement;
    expect(vip.open).toBe(false);
    await user.click(within(vip).getByText('Does VIP renew automatically?'));
    expect(vip.open).toBe(true);
  });

  it('/merchantfaqs is the merchants’ help centre, linking back to the shoppers’', async () => {
    renderPage('/merchantfaqs', <HelpCentrePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Merchant help centre' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`${total(MERCHANT_HELP.sections)} questions`);
    expect(summaries()).toContain('How do I redeem a voucher at the till?');
    expect(screen.getByRole('link', { name: 'Shopping with us? See the help centre' })).toHaveAttribute('href', '/faqs');
  });
});
