/**
 * /mygift with a claim link (issue 16 point 8), against relay-test-utils' mock environment: a gift
 * that can still be claimed offers "Claim your gift"; one whose vouchers were all used, refunded or
 * expired since says so (the server's GIFT_NO_LONGER_AVAILABLE words) and offers no claim, nor a
 * sign-in to claim; a voucher no longer part of a gift is marked.
 */
import { act, screen } from '@testing-library/react';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { messageFor } from '@shop/domain';
import { renderPage } from '../test/render-page.tsx';
import { Component as ClaimGiftPage } from './ClaimGiftPage.tsx';

const TOKEN = 'q3v1X9mZ0bR8kT2yW5nC7aE4dF6gH1jL';
const DEAL = { title: 'Afternoon tea at the Willow', url: '/deals/glasgow/afternoon-tea/7/willow.html', image: { url: '/img/7.jpg', width: 640, height: 400 }, merchant: { name: 'The Willow' } };
const voucher = (status: string, claimable: boolean) => ({ title: 'Afternoon tea for two', status, claimable, expiresAt: '2027-02-20T23:59:59.999Z', deal: DEAL });

async function show(gift: Record<string, unknown>, signedIn = true) {
  const page = renderPage(`/mygift?claim=${TOKEN}`, <ClaimGiftPage />);
  const data = { giverName: 'A friend', recipientName: 'Rhona', message: null, claimed: false, ...gift };
  await act(async () => {
    page.environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) =>
      MockPayloadGenerator.generate(operation, { Query: () => ({ viewer: signedIn ? { __typename: 'Customer' } : null, giftClaim: data }) }),
    );
  });
  await screen.findByRole('heading', { name: 'A gift for Rhona from A friend' });
  return page;
}

describe('ClaimGiftPage', () => {
  it('a gift that can still be claimed: "Claim your gift"; a voucher no longer in it is marked', async () => {
    await show({ claimable: true, vouchers: [voucher('Ready to Redeem', true), voucher('Redeemed', false)] });
    expect(screen.getByRole('button', { name: 'Claim your gift' })).toBeEnabled();
    expect(screen.getByText('No longer part of the gift (Redeemed)')).toBeInTheDocument();
    expect(screen.queryByText(messageFor('GIFT_NO_LONGER_AVAILABLE'))).not.toBeInTheDocument();
  });

  it('nothing left to give: the words say so, no claim button and no sign-in to claim', async () => {
    await show({ claimable: false, vouchers: [voucher('Refunded', false)] });
    expect(screen.getByRole('alert')).toHaveTextContent('This gift can no longer be claimed: the voucher has been used, refunded or has expired. Please ask the person who sent it.');
    expect(screen.queryByRole('button', { name: 'Claim your gift' })).not.toBeInTheDocument();
    expect(screen.getByText('No longer part of the gift (Refunded)')).toBeInTheDocument();
  });

  it('signed out, nothing left to give: no "Sign in to claim"', async () => {
    await show({ claimable: false, vouchers: [voucher('Expired', false)] }, false);
    expect(screen.queryByRole('link', { name: 'Sign in to claim' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(messageFor('GIFT_NO_LONGER_AVAILABLE'));
  });
});
