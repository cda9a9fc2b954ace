/**
 * The credit link watcher (spec §2 credit_validation, §4, §5, §8) against relay-test-utils' mock
 * environment, in StrictMode (effects run twice): one claim per link, the parameter taken out of
 * the address (the others kept), the toast's words; signed out, the code waits and the login
 * prompt links to the login page and back; not digits only, nothing at all.
 */
import { StrictMode } from 'react';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CREDIT_CLAIM_STORAGE_KEY } from '@shop/domain/credit-claims';
import type { AuthState } from '@shop/domain/navigation';
import { renderRoutes } from '../../test/render-page.tsx';
import { ShellToasts } from '../shell/ShellToasts.tsx';
import { dismissToastByKey } from '../shell/toasts.ts';
import { CreditClaim } from './CreditClaim.tsx';

const auth: { current: AuthState } = { current: { finished: true, authenticated: true, vip: false } };
vi.mock('../accounts/auth.ts', () => ({ useAuthState: () => auth.current }));

function open(path: string) {
  const page = renderRoutes(
    [
      {
        path: '/deals/:location',
        element: (
          <StrictMode>
            <CreditClaim />
            <ShellToasts />
          </StrictMode>
        ),
      },
    ],
    path,
  );
  return page;
}

const toastText = () => screen.getByTestId('shell-toast').querySelector('p')!.textContent;

afterEach(() => {
  dismissToastByKey('credit-claim');
  window.sessionStorage.clear();
});

describe('CreditClaim', () => {
  it('signed in: one claim however often the effects run, the parameter gone (others kept), the success toast', async () => {
    const { environment, router } = open('/deals/glasgow?credit_validation=1001&usr_src=email');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?usr_src=email'));
    await vi.waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ input: { id: '1001' } });
    await act(async () => {
      environment.mock.resolve(operation, { data: { claimCredit: { __typename: 'CreditClaim', status: 'CLAIMED', creditAmount: { amount: 1250, currency: 'GBP' } } } });
    });
    expect(toastText()).toBe("Your £12.50 credit has been applied to your account. You'll see it when you get to checkout! See T&Cs.");
    expect(screen.getByRole('link', { name: 'See T&Cs' })).toHaveAttribute('href', '/page/wallettermsofuse');
    expect(screen.getByTestId('shell-toasts')).toHaveAttribute('role', 'status');
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    expect(window.sessionStorage.getItem(CREDIT_CLAIM_STORAGE_KEY)).toBeNull();
  });

  it('ALREADY_CLAIMED, another status, and a failed request each have their own words', async () => {
    const cases: Array<[string, (resolve: (data: object) => void, reject: () => void) => void, string]> = [
      ['2001', (resolve) => resolve({ claimCredit: { __typename: 'CreditClaim', status: 'ALREADY_CLAIMED', creditAmount: { amount: 500, currency: 'GBP' } } }), "You've already received your £5 credit from this offer. See T&Cs."],
      ['2002', (resolve) => resolve({ claimCredit: { __typename: 'CreditClaim', status: 'EXPIRED', creditAmount: { amount: 500, currency: 'GBP' } } }), 'Sorry, this offer link is no longer valid. See T&Cs.'],
      ['2003', (_resolve, reject) => reject(), 'Unable to process credit at this time. Please try again later.'],
    ];
    for (const [code, answer, words] of cases) {
      cleanup();
      const { environment } = open(`/deals/glasgow?credit_validation=${code}`);
      await vi.waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
      const operation = environment.mock.getMostRecentOperation();
      await act(async () => {
        answer(
          (data) => environment.mock.resolve(operation, { data }),
          () => environment.mock.reject(operation, new Error('Failed to fetch')),
        );
      });
      expect(toastText(), code).toBe(words);
    }
  });

  it('refused by the guessing limits: the "too many offer links" toast, without a T&Cs link, and the code is not kept', async () => {
    const { environment } = open('/deals/glasgow?credit_validation=4001');
    await vi.waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    const operation = environment.mock.getMostRecentOperation();
    await act(async () => {
      environment.mock.resolve(operation, {
        data: { claimCredit: { __typename: 'RateLimitedError', code: 'RATE_LIMITED' } },
      });
    });
    expect(toastText()).toBe('Too many offer links tried. Please try again later.');
    expect(screen.queryByRole('link', { name: 'See T&Cs' })).toBeNull();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    expect(window.sessionStorage.getItem(CREDIT_CLAIM_STORAGE_KEY)).toBeNull();
  });

  it('not digits only: nothing is claimed, the address stays as it is, no toast', async () => {
    const { environment, router } = open('/deals/glasgow?credit_validation=10a1');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    expect(router.state.location.search).toBe('?credit_validation=10a1');
    expect(screen.queryByTestId('shell-toast')).toBeNull();
  });

  it('signed out: no claim, the code waits in session storage, the login prompt links to the login page and back', async () => {
    auth.current = { finished: true, authenticated: false, vip: false };
    const { environment, router } = open('/deals/glasgow?credit_validation=3001');
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    await vi.waitFor(() => expect(toastText()).toBe('Please log in to claim your credit. See T&Cs.'));
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login?redirect=%2Fdeals%2Fglasgow');
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    expect(window.sessionStorage.getItem(CREDIT_CLAIM_STORAGE_KEY)).toBe('3001');
    expect(screen.getAllByTestId('shell-toast')).toHaveLength(1);
  });
});
