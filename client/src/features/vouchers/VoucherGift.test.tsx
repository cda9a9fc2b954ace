/**
 * "Gift this voucher" on a card (issue 16 point 8), against relay-test-utils' mock environment:
 * a disclosure whose form checks the recipient's name and email before anything is sent, sends
 * giftVoucher with what was typed, shows the service's refusal at the field it names, and once
 * sent the card says so ("Gift sent …, not yet claimed"); nothing for a voucher that cannot be
 * gifted.
 */
import { within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messageFor } from '@shop/domain';
import { giftSendOnInWords } from '@shop/domain/gift-send-date';
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { answerMutation, pendingInput, renderVoucher, VOUCHER_ID, voucherData } from './test/render-voucher.tsx';

/** Bought for £25, 90 days left to use it, its refund window closed. */
const renderCard = (overrides: Record<string, unknown> = {}) =>
  renderVoucher(voucherData({ expiresAt: new Date(Date.now() + 90 * 86_400_000).toISOString(), refundableUntil: new Date(Date.now() - 86_400_000).toISOString(), ...overrides }));

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});

describe('VoucherGift', () => {
  it('opens a form, checks name and email first, sends the gift, and the card says it was sent and not yet claimed', async () => {
    const { environment, user, card } = await renderCard();
    const open = within(card).getByRole('button', { name: 'Gift this voucher' });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const form = within(card).getByRole('form', { name: 'Gift this voucher' });
    expect(within(form).getByRole('heading', { name: 'Gift this voucher' })).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Send gift' }));
    expect(within(form).getByRole('textbox', { name: "Recipient's name" })).toHaveAccessibleDescription(/Enter the recipient's name\./);
    expect(within(form).getByRole('textbox', { name: "Recipient's email" })).toHaveAccessibleDescription(/Enter the recipient's email address\./);
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: "Recipient's name" }), 'Rhona');
    await user.type(within(form).getByRole('textbox', { name: "Recipient's email" }), 'rhona@example.co.uk');
    await user.type(within(form).getByRole('textbox', { name: 'Message (optional)' }), 'Enjoy!');
    await user.click(within(form).getByRole('button', { name: 'Send gift' }));
    expect(pendingInput(environment, 'GiftMutationsGiftMutation')).toEqual({ voucherId: VOUCHER_ID, recipient: { name: 'Rhona', email: 'rhona@example.co.uk', message: 'Enjoy!' } });
    await answerMutation(environment, 'giftVoucher', {
      __typename: 'VoucherGifted',
      gift: { recipientName: 'Rhona', recipientEmail: 'rhona@example.co.uk' },
      voucher: { id: VOUCHER_ID, gift: { recipientName: 'Rhona', sentAt: '2026-11-27T10:00:00.000Z' } },
    });
    expect(within(card).getByRole('status')).toHaveTextContent('Gift sent: we have emailed Rhona (rhona@example.co.uk) a link to claim it.');
    expect(within(card).queryByRole('button', { name: 'Gift this voucher' })).not.toBeInTheDocument();
  });

  it("shows the service's refusal at the field it names", async () => {
    const { environment, user, card } = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Gift this voucher' }));
    const form = within(card).getByRole('form', { name: 'Gift this voucher' });
    await user.type(within(form).getByRole('textbox', { name: "Recipient's name" }), 'Rhona');
    await user.type(within(form).getByRole('textbox', { name: "Recipient's email" }), 'rhona@example.co.uk');
    await user.click(within(form).getByRole('button', { name: 'Send gift' }));
    await answerMutation(environment, 'giftVoucher', { __typename: 'VoucherActionError', code: 'VOUCHER_NOT_GIFTABLE', message: messageFor('VOUCHER_NOT_GIFTABLE'), field: null });
    expect(within(form).getByText(messageFor('VOUCHER_NOT_GIFTABLE'), { selector: 'a, li, p' })).toBeVisible();
  });

  it('a gift on its way says so, with no second gifting', async () => {
    const sent = await renderCard({ gift: { recipientName: 'Iona', sentAt: '2026-11-20T10:00:00.000Z' } });
    expect(within(sent.card).getByText('Gift sent to Iona on 20 November 2026, not yet claimed.')).toBeVisible();
    expect(within(sent.card).queryByRole('button', { name: 'Gift this voucher' })).not.toBeInTheDocument();
  });

  it('an e-gift dated for later says the day its email goes (issue 18 point 2)', async () => {
    const sendOn = addDaysToDate(londonDate(new Date()), 5);
    const dated = await renderCard({ gift: { recipientName: 'Isla', sentAt: new Date().toISOString(), sendOn } });
    expect(within(dated.card).getByText(`Gift for Isla: we email it to them on ${giftSendOnInWords(sendOn)}.`)).toBeVisible();
  });

  it('a redeemed voucher offers no gifting', async () => {
    const { card } = await renderCard({ status: 'Redeemed', statusCode: 'REDEEMED', statusDescription: null });
    expect(within(card).queryByRole('button', { name: 'Gift this voucher' })).not.toBeInTheDocument();
  });
});
