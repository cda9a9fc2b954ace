import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refusal, renderPage } from '../../test/render-page.tsx';
import { ChoosePassword } from './ChoosePassword.tsx';

const inlineError = (field: string) => document.getElementById(`field-${field}-error`)?.textContent ?? '';

async function open(mode: 'reset' | 'activate') {
  const page = renderPage(`/${mode === 'reset' ? 'reset-password' : 'activate-account'}?token=t0ken`, <ChoosePassword mode={mode} />);
  await screen.findByRole('heading', { level: 1, name: mode === 'reset' ? 'Choose a new password' : 'Set your password' });
  return { ...page, submit: mode === 'reset' ? 'Change password' : 'Set password' };
}

async function choose(page: Awaited<ReturnType<typeof open>>, password: string, confirm = password) {
  await page.user.clear(screen.getByLabelText('New password'));
  await page.user.type(screen.getByLabelText('New password'), password);
  await page.user.clear(screen.getByLabelText('Confirm new password'));
  await page.user.type(screen.getByLabelText('Confirm new password'), confirm);
  await page.user.click(screen.getByRole('button', { name: page.submit }));
}

describe('choosing a password from an emailed link', () => {
  it('lists every rule the new password breaks, at its field and in the summary', async () => {
    const page = await open('reset');
    await choose(page, 'short', 'shorter');
    const links = within(screen.getByRole('alert')).getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual([
      'New password: Password must be at least 8 characters long.',
      'New password: Password must include at least one uppercase letter.',
      'New password: Password must include at least one number or special character (e.g., ! @ # $ %).',
      'Confirm new password: Passwords should match',
    ]);
    expect(inlineError('password')).toContain('uppercase');
    expect(page.environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('sends the link’s token with the password, and offers to sign in once it is set', async () => {
    const page = await open('activate');
    await choose(page, 'Thistle-2027');
    let variables: Record<string, unknown> = {};
    await act(async () => {
      variables = page.answer({ activatePassword: { __typename: 'PasswordReset', message: 'Your password is set.' } });
    });
    expect(variables.input).toEqual({ token: 't0ken', password: 'Thistle-2027', confirmPassword: 'Thistle-2027' });
    expect(screen.getByRole('heading', { level: 1, name: 'Password set' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('says when the link can no longer be used', async () => {
    const page = await open('reset');
    await choose(page, 'Thistle-2027');
    await act(async () => {
      page.answer({ resetPassword: refusal('InvalidLinkError', { code: 'INVALID_LINK', message: 'This link has expired or has already been used.', field: 'token' }) });
    });
    expect(screen.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
    expect(screen.getByRole('alert').textContent).toContain('This link has expired or has already been used.');
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows the server’s refusal of the password at the field', async () => {
    const page = await open('reset');
    await choose(page, 'Thistle-2027');
    await act(async () => {
      page.answer({ resetPassword: refusal('ValidationError', { code: 'VALIDATION', message: 'This password is too common. Please choose a different one.', field: 'input.password' }) });
    });
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'New password: This password is too common. Please choose a different one.' })).toBeVisible();
    expect(inlineError('password')).toContain('too common');
  });
});
