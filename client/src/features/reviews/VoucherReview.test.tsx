/**
 * Reviewing a business from a redeemed voucher's card (issue 19 point 9), against relay-test-utils'
 * mock environment: the offer only while the voucher is redeemed and not reviewed; the form from
 * the keyboard, the rating and words checked before anything is sent (errors naming each field);
 * the answer's voucher showing "Your review" (focused, with "Verified purchase"); a refusal in the
 * form's error summary.
 */
import { within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messageFor } from '@shop/domain';
import { REVIEW_MESSAGES } from '@shop/domain/reviews';
import { REVIEW_WORDS } from './VoucherReview.tsx';
import { VERIFIED_PURCHASE } from './ReviewItem.tsx';
import { answerMutation, pendingInput, renderVoucher, VOUCHER_ID, voucherData } from '../vouchers/test/render-voucher.tsx';

const redeemed = (overrides: Record<string, unknown> = {}) =>
  voucherData({ status: 'Redeemed', statusCode: 'REDEEMED', statusDescription: null, redemptionLink: null, reviewable: true, review: null, ...overrides });

const REVIEW = { __typename: 'Review', id: 'UmV2aWV3OjE=', rating: 4, text: 'Lovely tea and scones.', reviewerName: 'Morag T.', createdAt: '2026-11-27T15:00:00.000Z', verifiedPurchase: true };

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});

describe('VoucherReview', () => {
  it('from the keyboard: the rating and words are checked first, then the review is posted and shown as yours', async () => {
    const { environment, user, card } = await renderVoucher(redeemed());
    const open = within(card).getByRole('button', { name: REVIEW_WORDS.open });
    open.focus();
    await user.keyboard('{Enter}');
    const form = within(card).getByRole('form', { name: REVIEW_WORDS.title });
    expect(within(form).getByRole('heading', { name: REVIEW_WORDS.title })).toHaveFocus();
    expect(within(form).getAllByRole('radio')).toHaveLength(5);

    // Nothing chosen, too few words: both said, nothing sent.
    await user.type(within(form).getByRole('textbox', { name: REVIEW_WORDS.text }), 'Nice');
    await user.click(within(form).getByRole('button', { name: REVIEW_WORDS.confirm }));
    expect(within(form).getAllByText(REVIEW_MESSAGES.ratingRequired).length).toBeGreaterThan(0);
    expect(within(form).getAllByText(REVIEW_MESSAGES.textTooShort).length).toBeGreaterThan(0);
    expect(within(form).getByRole('textbox', { name: REVIEW_WORDS.text })).toHaveAttribute('aria-invalid', 'true');
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.click(within(form).getByRole('radio', { name: /4 stars: Very good/ }));
    await user.type(within(form).getByRole('textbox', { name: REVIEW_WORDS.text }), ' tea and scones, lovely.  ');
    await user.click(within(form).getByRole('button', { name: REVIEW_WORDS.confirm }));
    expect(pendingInput(environment, 'WriteReviewMutation')).toEqual({ voucherId: VOUCHER_ID, rating: 4, text: 'Nice tea and scones, lovely.' });
    expect(within(form).getByRole('button', { name: REVIEW_WORDS.busy })).toHaveAttribute('aria-busy', 'true');

    await answerMutation(environment, 'writeReview', { __typename: 'ReviewWritten', review: REVIEW, voucher: redeemed({ reviewable: false, review: REVIEW }) });
    const yours = within(card).getByRole('region', { name: REVIEW_WORDS.yours });
    expect(within(yours).getByRole('heading', { name: REVIEW_WORDS.yours })).toHaveFocus();
    expect(within(yours).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(yours).getByText('Lovely tea and scones.')).toBeInTheDocument();
    expect(within(yours).getByText(VERIFIED_PURCHASE)).toBeInTheDocument();
    expect(within(yours).getByText(/Morag T\./)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: REVIEW_WORDS.open })).not.toBeInTheDocument();
  });

  it('a refusal (already reviewed) shows in the error summary; Cancel closes the form and focus goes back', async () => {
    const { environment, user, card } = await renderVoucher(redeemed());
    const open = within(card).getByRole('button', { name: REVIEW_WORDS.open });
    await user.click(open);
    const form = within(card).getByRole('form', { name: REVIEW_WORDS.title });
    await user.click(within(form).getByRole('radio', { name: /1 star: Poor/ }));
    await user.type(within(form).getByRole('textbox', { name: REVIEW_WORDS.text }), 'Nobody answered the phone.');
    await user.click(within(form).getByRole('button', { name: REVIEW_WORDS.confirm }));
    await answerMutation(environment, 'writeReview', { __typename: 'VoucherActionError', code: 'REVIEW_ALREADY_WRITTEN', message: messageFor('REVIEW_ALREADY_WRITTEN'), field: 'voucherId' });
    expect(within(form).getByText(REVIEW_WORDS.failed)).toBeInTheDocument();
    expect(within(form).getAllByText(messageFor('REVIEW_ALREADY_WRITTEN')).length).toBeGreaterThan(0);
    await user.click(within(form).getByRole('button', { name: REVIEW_WORDS.cancel }));
    expect(within(card).queryByRole('form', { name: REVIEW_WORDS.title })).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('a voucher not redeemed (or a gift card) offers no review', async () => {
    const { card } = await renderVoucher(voucherData());
    expect(within(card).queryByRole('button', { name: REVIEW_WORDS.open })).not.toBeInTheDocument();
    expect(within(card).queryByRole('region', { name: REVIEW_WORDS.yours })).not.toBeInTheDocument();
  });
});
