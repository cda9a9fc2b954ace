/**
 * /giftcard/redeem (issue 18 point 2) against relay-test-utils' mock environment: signed out, a
 * sign-in that comes back here; signed in, the code is sent as typed and the credit and its
 * expiry are announced (focused); each refusal is said at the field in the server's words.
 */
import { act, screen } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { messageFor } from '@shop/domain';
import { refusal, renderRoutes } from '../test/render-page.tsx';
import { Component as GiftCardRedeemPage } from './GiftCardRedeemPage.tsx';
import GiftCardRedeemPageQuery from '../__generated__/GiftCardRedeemPageQuery.graphql';

async function show(signedIn: boolean) {
  const environment = createMockEnvironment();
  const page = renderRoutes([{ path: '/giftcard/redeem', element: <GiftCardRedeemPage />, loader: () => loadQuery(environment, GiftCardRedeemPageQuery, {}) }], '/giftcard/redeem', environment);
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) => MockPayloadGenerator.generate(operation, { Query: () => ({ viewer: signedIn ? { __typename: 'Customer' } : null }) }));
  });
  await screen.findByRole('heading', { level: 1, name: 'Redeem a gift card' });
  const answer = async (payload: object) => {
    await act(async () => {
      const operation = environment.mock.getMostRecentOperation();
      environment.mock.resolve(operation, { data: payload });
    });
  };
  return { ...page, answer };
}

describe('GiftCardRedeemPage', () => {
  it('signed out: asked to sign in or register, and brought back here', async () => {
    await show(false);
    expect(await screen.findByRole('heading', { name: 'Sign in to redeem your gift card' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fgiftcard%2Fredeem');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?redirect=%2Fgiftcard%2Fredeem');
    expect(screen.queryByRole('textbox', { name: 'Gift card code' })).not.toBeInTheDocument();
  });

  it('signed in: the code is redeemed, and the credit and its expiry are announced', async () => {
    const { user, environment, answer } = await show(true);
    await user.type(await screen.findByRole('textbox', { name: 'Gift card code' }), 'abcdef ghjkmn pqrstu');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ input: { code: 'abcdef ghjkmn pqrstu' } });
    await answer({ redeemGiftCard: { __typename: 'GiftCardRedeemed', credit: { amount: 5000, currency: 'GBP', formatted: '£50' }, creditExpiresAt: '2027-11-27T23:59:59.999Z' } });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('£50 has been added to your wallet. It can be spent on any deal until 27 November 2027.');
    expect(status).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Go to My Wallet' })).toHaveAttribute('href', '/myaccount/wallet');
  });

  it('a refusal is said at the field in the server’s words; an empty code is caught before sending', async () => {
    const { user, environment, answer } = await show(true);
    const field = await screen.findByRole('textbox', { name: 'Gift card code' });
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(screen.getByText('Enter your gift card code.')).toBeInTheDocument();
    expect(environment.mock.getAllOperations()).toHaveLength(0); // the page's query was answered; no mutation sent
    await user.type(field, 'ABCDEF-GHJKMN-PQRSTU');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    const expired = 'This gift card expired on 20 May 2027: gift cards can be redeemed for wallet credit within 6 months of purchase. If you think this is wrong, please contact our customer support team with the gift card code.';
    await answer({ redeemGiftCard: { ...refusal('GiftCardRedeemError', { code: 'GIFT_CARD_EXPIRED', message: expired, field: 'code' }), expiredAt: '2027-05-20T22:59:59.999Z' } });
    expect(await screen.findByText(expired)).toBeInTheDocument();
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await answer({ redeemGiftCard: refusal('NotFoundError', { code: 'GIFT_CARD_NOT_FOUND', message: messageFor('GIFT_CARD_NOT_FOUND'), field: 'code' }) });
    expect(await screen.findByText(messageFor('GIFT_CARD_NOT_FOUND'))).toBeInTheDocument();
  });
});
