/**
 * The heart (issue 19 point 1) against relay-test-utils' mock environment: a toggle button named
 * for the deal, pressed at once when used from the keyboard (optimistic), the mutation sent with
 * the deal's id, the toast region saying what happened; a refusal (a full list) puts it back and
 * shows the shop's words.
 */
import { Suspense } from 'react';
import { act, screen, within } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render-page.tsx';
import { ShellToasts } from '../shell/ShellToasts.tsx';
import { WishlistHeart } from './WishlistHeart.tsx';
import type { WishlistHeartTestQuery } from '../../__generated__/WishlistHeartTestQuery.graphql';

const query = graphql`
  query WishlistHeartTestQuery @relay_test_operation {
    deal(dealId: "42") {
      ...WishlistHeart_deal
    }
  }
`;

function Heart() {
  const data = useLazyLoadQuery<WishlistHeartTestQuery>(query, {});
  return data.deal ? <WishlistHeart deal={data.deal} /> : null;
}

async function renderHeart(inWishlist: boolean) {
  const rendered = renderRoutes(
    [
      {
        path: '/deal',
        element: (
          <Suspense fallback={<p>Loading</p>}>
            <Heart />
            <ShellToasts />
          </Suspense>
        ),
      },
    ],
    '/deal',
  );
  await act(async () => {
    rendered.environment.mock.resolveMostRecentOperation((op: OperationDescriptor) =>
      MockPayloadGenerator.generate(op, { Deal: () => ({ id: 'RGVhbDo0Mg', dealId: 42, title: 'Afternoon tea for two', inWishlist }) }),
    );
  });
  return rendered;
}

describe('WishlistHeart', () => {
  it('is a toggle named for the deal; Space saves it at once and the toast says so', async () => {
    const { environment, user } = await renderHeart(false);
    const heart = screen.getByRole('button', { name: 'Save Afternoon tea for two to your wish list' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    heart.focus();
    await user.keyboard(' ');
    // Pressed before the shop answers.
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    const sent = environment.mock.getMostRecentOperation();
    expect(sent.request.node.params.name).toBe('WishlistHeartAddMutation');
    expect(sent.request.variables).toEqual({ input: { dealId: 42 } });
    await act(async () => {
      environment.mock.resolve(sent, { data: { addToWishlist: { __typename: 'WishlistUpdated', wishlist: { count: 1 }, deal: { id: 'RGVhbDo0Mg', inWishlist: true } } } });
    });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    const toasts = screen.getByRole('status');
    expect(toasts.textContent).toContain('Saved to your wish list.');
    expect(within(toasts).getByRole('link', { name: 'View wish list' }).getAttribute('href')).toBe('/wishlist');
  });

  it('a full list: the heart goes back and the shop’s words show', async () => {
    const { environment, user } = await renderHeart(false);
    const heart = screen.getByRole('button', { name: /to your wish list/ });
    await user.click(heart);
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: { addToWishlist: { __typename: 'ValidationError', __isUserError: 'ValidationError', message: 'Your wish list is full: it holds 50 deals. Remove one to add another.' } },
      });
    });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toContain('Your wish list is full: it holds 50 deals.');
  });

  it('a saved deal: pressed, and pressing it again takes it off', async () => {
    const { environment, user } = await renderHeart(true);
    const heart = screen.getByRole('button', { name: /to your wish list/ });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await user.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    const sent = environment.mock.getMostRecentOperation();
    expect(sent.request.node.params.name).toBe('WishlistHeartRemoveMutation');
    await act(async () => {
      environment.mock.reject(sent, new Error('network down'));
    });
    // A failure: back as it was, and the shopper is told.
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Sorry, we couldn’t update your wish list. Please try again.');
  });
});
