/**
 * Wish list alerts (issue 19 point 2) on the subscriptions page, against relay-test-utils' mock
 * environment: each kind a labelled checkbox with its hint, saved with what is ticked; a session
 * that ended says to sign in again; preferences that could not be read say so. And the unsubscribe
 * page of the email's link: one button named for the kind, the shop's words after it, a bad link
 * refused.
 */
import { Suspense } from 'react';
import { act, screen } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render-page.tsx';
import { Component as UnsubscribePage } from '../../routes/accounts/WishlistAlertUnsubscribePage.tsx';
import { WishlistAlertsForm } from './WishlistAlertsForm.tsx';
import type { WishlistAlertsFormTestQuery } from '../../__generated__/WishlistAlertsFormTestQuery.graphql';

const query = graphql`
  query WishlistAlertsFormTestQuery @relay_test_operation {
    viewer {
      ...WishlistAlertsForm_viewer
    }
  }
`;

function Form() {
  const data = useLazyLoadQuery<WishlistAlertsFormTestQuery>(query, {});
  return data.viewer ? <WishlistAlertsForm viewer={data.viewer} /> : null;
}

async function renderForm(wishlistAlerts: { priceDrops: boolean; backInStock: boolean } | null) {
  const rendered = renderRoutes([{ path: '/myaccount/subscriptions', element: <Suspense fallback={<p>Loading</p>}><Form /></Suspense> }], '/myaccount/subscriptions');
  await act(async () => {
    rendered.environment.mock.resolveMostRecentOperation((op: OperationDescriptor) => MockPayloadGenerator.generate(op, { Customer: () => ({ wishlistAlerts }) }));
  });
  return rendered;
}

describe('WishlistAlertsForm', () => {
  it('shows each kind as a checkbox with its hint and saves what is ticked', async () => {
    const { environment, user } = await renderForm({ priceDrops: true, backInStock: false });
    const drops = screen.getByRole('checkbox', { name: 'Price drops' });
    const back = screen.getByRole('checkbox', { name: 'Back on sale' });
    expect((drops as HTMLInputElement).checked).toBe(true);
    expect((back as HTMLInputElement).checked).toBe(false);
    // The hint is the checkbox's accessible description (aria-describedby names it).
    expect(drops).toHaveAccessibleDescription(/at least 5% cheaper/);
    expect(document.getElementById(drops.getAttribute('aria-describedby') ?? '')?.textContent).toContain('at least 5% cheaper');
    await user.click(drops);
    await user.click(back);
    await user.click(screen.getByRole('button', { name: 'Save wish list alerts' }));
    const sent = environment.mock.getMostRecentOperation();
    expect(sent.request.node.params.name).toBe('wishlistAlertsMutationsUpdateMutation');
    expect(sent.request.variables).toEqual({ input: { priceDrops: false, backInStock: true } });
    await act(async () => {
      environment.mock.resolve(sent, { data: { updateWishlistAlerts: { __typename: 'WishlistAlertPreferences', priceDrops: false, backInStock: true } } });
    });
    expect(screen.getByText('Your wish list alerts have been saved.')).toBeVisible();
  });

  it('a session that ended asks to sign in again', async () => {
    const { environment, user } = await renderForm({ priceDrops: true, backInStock: true });
    await user.click(screen.getByRole('button', { name: 'Save wish list alerts' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({ data: { updateWishlistAlerts: { __typename: 'UnauthenticatedError' } } });
    });
    expect(screen.getByText('Please sign in again to change your alerts.')).toBeVisible();
  });

  it('preferences that could not be read: a line instead of a form', async () => {
    await renderForm(null);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText(/can’t be shown right now/)).toBeVisible();
  });
});

describe('the unsubscribe page of an alert email', () => {
  it('one button named for the kind; the shop’s words after it', async () => {
    const { environment, user } = renderRoutes([{ path: '/email/alerts', element: <UnsubscribePage /> }], `/email/alerts?token=a1.b.7.${'x'.repeat(43)}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Stop back on sale emails?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Stop back on sale emails' }));
    const sent = environment.mock.getMostRecentOperation();
    expect(sent.request.variables).toEqual({ input: { token: `a1.b.7.${'x'.repeat(43)}` } });
    await act(async () => {
      environment.mock.resolve(sent, {
        data: { unsubscribeWishlistAlert: { __typename: 'WishlistAlertUnsubscribed', kind: 'BACK_IN_STOCK', email: 'ann@example.com', message: 'We won’t email you when deals on your wish list are back on sale.' } },
      });
    });
    expect(screen.getByRole('heading', { level: 1, name: 'You’ve been unsubscribed' })).toBeVisible();
    expect(screen.getByText(/are back on sale\./)).toBeVisible();
  });

  it('a link without a token of ours is refused before anything is sent', () => {
    const { environment } = renderRoutes([{ path: '/email/alerts', element: <UnsubscribePage /> }], '/email/alerts?token=nonsense');
    expect(screen.getByRole('heading', { level: 1, name: 'This link can’t be used' })).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});
