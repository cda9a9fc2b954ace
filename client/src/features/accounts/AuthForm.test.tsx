import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refusal, renderPage } from '../../test/render-page.tsx';
import AuthFormQuery from '../../__generated__/AuthFormQuery.graphql';
import { AuthForm } from './AuthForm.tsx';

const social = { node: AuthFormQuery, data: { socialProviders: [] } };
const summary = () => screen.getByRole('alert');
const inlineError = (field: string) => document.getElementById(`field-${field}-error`)?.textContent ?? '';

async function signIn(mode: 'login' | 'register' = 'login') {
  const page = renderPage(`/${mode}`, <AuthForm mode={mode} />, social);
  await screen.findByRole('heading', { level: 1, name: mode === 'login' ? 'Sign in' : 'Create an account' });
  return page;
}

async function submitLogin(page: Awaited<ReturnType<typeof signIn>>) {
  await page.user.type(screen.getByRole('textbox', { name: 'Email address' }), 'morag@example.co.uk');
  await page.user.type(screen.getByLabelText('Password'), 'Heather-2026');
  await page.user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Answers the sign-in's question whether the account is a merchant's (features/merchants/landing.ts). */
async function answerLanding(page: Awaited<ReturnType<typeof signIn>>, merchant: object | null) {
  await vi.waitFor(() => expect(page.environment.mock.getMostRecentOperation().request.node.params.name).toBe('landingMerchantQuery'));
  await act(async () => {
    page.answer({ viewer: { id: 'VXNlcjox', merchant } });
  });
}

// A failed request is reported to the shop's log endpoint: not reachable here.
beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});

describe('the login page', () => {
  it('checks the form with domain’s schema first: each field named in the summary, nothing sent', async () => {
    const page = await signIn();
    await page.user.click(screen.getByRole('button', { name: 'Sign in' }));
    const links = within(summary()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Email address: Required field', '#field-email'],
      ['Password: Required field', '#field-password'],
    ]);
    expect(summary()).toHaveFocus();
    expect(inlineError('email')).toContain('Required field');
    expect(page.environment.mock.getAllOperations().filter((o) => o.request.node.params.operationKind === 'mutation')).toHaveLength(0);
  });

  it('signs in and goes on to the account page, with the guest’s input and the viewer in the store', async () => {
    const page = await signIn();
    await submitLogin(page);
    expect(screen.getByRole('button', { name: 'Signing in…' })).toBeVisible();
    let variables: Record<string, unknown> = {};
    await act(async () => {
      variables = page.answer({ login: { __typename: 'LoginSuccess', viewer: { id: 'VXNlcjox', name: 'Morag', vipUser: false, firstName: 'Morag', lastName: 'Ross', email: 'morag@example.co.uk' } } });
    });
    expect(variables.input).toMatchObject({ email: 'morag@example.co.uk', password: 'Heather-2026', rememberMe: false });
    // Nowhere to return to: is the account a merchant's (issue 17)? A shopper's is not.
    await answerLanding(page, null);
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeVisible();
    expect(page.router.state.location.pathname).toBe('/myaccount');
    const root = page.environment.getStore().getSource().get('client:root') as { viewer?: { __ref: string } };
    expect(root.viewer?.__ref).toBe('VXNlcjox');
  });

  it("a merchant's sign-in with nowhere to return to lands on the dashboard, /insights (issue 17)", async () => {
    const page = await signIn();
    await submitLogin(page);
    await act(async () => {
      page.answer({ login: { __typename: 'LoginSuccess', viewer: { id: 'VXNlcjoy', name: 'Ailsa', vipUser: false, firstName: 'Ailsa', lastName: 'Reid', email: 'ailsa@example.co.uk' } } });
    });
    await answerLanding(page, { __typename: 'MerchantAccount' });
    expect(await screen.findByRole('heading', { name: 'Merchant dashboard' })).toBeVisible();
    expect(page.router.state.location.pathname).toBe('/insights');
  });

  it('a sign-in with a return path goes there without asking whether the account is a merchant', async () => {
    const page = renderPage('/login?redirect=%2Fmyaccount', <AuthForm mode="login" />, social);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await submitLogin(page);
    await act(async () => {
      page.answer({ login: { __typename: 'LoginSuccess', viewer: { id: 'VXNlcjoz', name: 'Iain', vipUser: false, firstName: 'Iain', lastName: 'Reid', email: 'iain@example.co.uk' } } });
    });
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeVisible();
    expect(page.environment.mock.getAllOperations().map((o) => o.request.node.params.name)).not.toContain('landingMerchantQuery');
  });

  it('shows a wrong email or password at the email field', async () => {
    const page = await signIn();
    await submitLogin(page);
    await act(async () => {
      page.answer({ login: refusal('LoginFailedError', { code: 'LOGIN_FAILED', message: 'Incorrect email or password', field: null }) });
    });
    expect(within(summary()).getByRole('link', { name: 'Email address: Incorrect email or password' })).toHaveAttribute('href', '#field-email');
    expect(inlineError('email')).toContain('Incorrect email or password');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  it('shows a locked account in the summary, with the way to unlock it', async () => {
    const page = await signIn();
    await submitLogin(page);
    await act(async () => {
      page.answer({ login: refusal('AccountLockedError', { code: 'ACCOUNT_LOCKED', message: 'Your account is locked.', field: null }) });
    });
    expect(summary().textContent).toContain('Your account is locked.');
    expect(within(summary()).getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/forgot-password');
    expect(inlineError('email')).toBe('');
  });

  it('says how long to wait when rate limited, about the form as a whole', async () => {
    const page = await signIn();
    await submitLogin(page);
    await act(async () => {
      page.answer({ login: refusal('RateLimitedError', { code: 'RATE_LIMITED', message: 'Too many attempts.', field: null, retryAfterSeconds: 90 }) });
    });
    expect(within(summary()).getByRole('listitem').textContent).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(within(summary()).queryAllByRole('link')).toHaveLength(0);
  });

  it('shows a refused field where it belongs (the server names it input.password)', async () => {
    const page = await signIn();
    await submitLogin(page);
    await act(async () => {
      page.answer({ login: refusal('ValidationError', { code: 'VALIDATION', message: 'Password must be at least 6 characters', field: 'input.password' }) });
    });
    expect(within(summary()).getByRole('link', { name: 'Password: Password must be at least 6 characters' })).toHaveAttribute('href', '#field-password');
    expect(inlineError('password')).toContain('Password must be at least 6 characters');
    expect(inlineError('email')).toBe('');
  });

  it('shows spec §8’s words when the request fails', async () => {
    const page = await signIn();
    await submitLogin(page);
    await act(async () => {
      page.environment.mock.rejectMostRecentOperation(new Error('offline'));
    });
    expect(summary().textContent).toContain('Something went wrong. Please try again.');
  });
});

describe('the register page (the same form, by its data)', () => {
  async function fill(page: Awaited<ReturnType<typeof signIn>>) {
    await page.user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ailsa');
    await page.user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Craig');
    await page.user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ailsa@example.co.uk');
    await page.user.type(screen.getByLabelText('Create a password'), 'Bluebell-77');
    await page.user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it('says an email follows once the account is asked for', async () => {
    const page = await signIn('register');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await fill(page);
    let variables: Record<string, unknown> = {};
    await act(async () => {
      variables = page.answer({ register: { __typename: 'RegisterAccepted', message: 'Check your email to confirm your address.', email: 'ailsa@example.co.uk' } });
    });
    expect(variables.input).toEqual({ firstName: 'Ailsa', lastName: 'Craig', email: 'ailsa@example.co.uk', password: 'Bluebell-77', subscribe: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    expect(screen.getByRole('status').textContent).toContain('Check your email to confirm your address.');
  });

  it('shows a refusal at its field, named in the summary by the form’s words', async () => {
    const page = await signIn('register');
    await fill(page);
    await act(async () => {
      page.answer({ register: refusal('ValidationError', { code: 'VALIDATION', message: 'This password is too common. Please choose a different one.', field: 'password' }) });
    });
    expect(within(summary()).getByRole('link', { name: 'Password: This password is too common. Please choose a different one.' })).toHaveAttribute('href', '#field-password');
    expect(inlineError('password')).toContain('too common');
  });
});
