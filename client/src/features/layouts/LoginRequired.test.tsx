/**
 * The account guard and leaving signed out (session.ts leaveSignedOut): a shopper who deletes
 * their account (or signs out) on a page that needs a login goes home, never to the login page.
 * The router's navigation can end while the account page and its guard are still on screen (the
 * homepage's data still loading); the viewer is forgotten only once the guard has gone, else the
 * guard, seeing a guest, sends them to log in. A guest who opens the page is still sent there.
 */
import { useSyncExternalStore } from 'react';
import { act, screen } from '@testing-library/react';
import { createMockEnvironment } from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@shop/domain/navigation';
import { renderRoutes } from '../../test/render-page.tsx';
import { leaveSignedOut } from '../accounts/session.ts';
import { LoginRequired } from './LoginRequired.tsx';

// The auth state as the guard reads it; forgetting the viewer (setViewerInStore(store, null))
// makes the shopper a guest, as the real store's viewer does.
const auth = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  let current = { finished: true, authenticated: true, vip: false };
  return {
    get: () => current,
    set(next: typeof current) {
      current = next;
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
vi.mock('../accounts/auth.ts', () => ({
  useAuthState: (): AuthState => useSyncExternalStore(auth.subscribe, auth.get),
  setViewerInStore: (_store: unknown, viewer: unknown) => {
    if (viewer === null) auth.set({ finished: true, authenticated: false, vip: false });
  },
}));

function open(path: string) {
  window.history.replaceState(null, '', path);
  return renderRoutes(
    [
      {
        path: '/myaccount/delete',
        element: (
          <LoginRequired layout="account">
            <p>Delete your account</p>
          </LoginRequired>
        ),
      },
      { path: '/deals/glasgow', element: <h1>Home</h1> },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    path,
  );
}

afterEach(() => {
  auth.set({ finished: true, authenticated: true, vip: false });
  window.history.replaceState(null, '', '/');
});

describe('LoginRequired and leaving signed out', () => {
  it('leaving forgets the viewer only once the guard is off the screen, so the shopper lands home and not on the login page', async () => {
    const { router } = open('/myaccount/delete');
    expect(await screen.findByText('Delete your account')).toBeInTheDocument();
    // A navigation that has ended while the account page is still up (React has not yet put the
    // homepage on screen).
    const navigate = vi.fn(async () => {});
    let left = false;
    const leaving = leaveSignedOut(createMockEnvironment(), navigate, '/deals/glasgow', { flash: 'Your account has been deleted.' }).then(() => (left = true));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(navigate).toHaveBeenCalledWith('/deals/glasgow', { replace: false, state: { flash: 'Your account has been deleted.' } });
    expect(left).toBe(false);
    expect(auth.get().authenticated).toBe(true);
    expect(router.state.location.pathname).toBe('/myaccount/delete');
    // The homepage comes up: the guard goes, then the viewer is forgotten.
    await act(async () => router.navigate('/deals/glasgow', { state: { flash: 'Your account has been deleted.' } }));
    await act(async () => leaving);
    expect(auth.get().authenticated).toBe(false);
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/deals/glasgow');
  });

  it('a navigation that never takes the page away: the viewer is forgotten after 5 s, and the guard then sends the guest to log in', async () => {
    const { router } = open('/myaccount/delete');
    expect(await screen.findByText('Delete your account')).toBeInTheDocument();
    vi.useFakeTimers();
    try {
      const leaving = leaveSignedOut(createMockEnvironment(), async () => {}, '/deals/glasgow');
      await act(async () => vi.advanceTimersByTimeAsync(4_900));
      expect(auth.get().authenticated).toBe(true);
      await act(async () => vi.advanceTimersByTimeAsync(200));
      await act(async () => leaving);
      expect(auth.get().authenticated).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/myaccount/delete' });
  });

  it('a guest on the page is sent to log in', async () => {
    auth.set({ finished: true, authenticated: false, vip: false });
    const { router } = open('/myaccount/delete');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/myaccount/delete' });
  });
});
