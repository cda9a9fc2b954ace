import { expect, test, type APIRequestContext, type Page } from '../fixtures.ts';

// Social sign-in (issue 5, spec §7 logingoogle / registergoogleuser / facebook authenticate, §8
// "Email wasn't registered") in Chromium against the local identity providers that play Google
// and Facebook (e2e/local-idp-server.ts, started by playwright.config.ts). Each journey uses a new
// address, so the providers create the account on the fly with that email. Like the real ones,
// the Google provider says the address is verified and the Facebook one says nothing about it.

let counter = 0;
const newEmail = (name: string) => `${name}.${Date.now().toString(36)}${++counter}@example.co.uk`;

/** On the provider's sign-in page (unless it still remembers the browser), signs in as `email`. */
async function signInAtProvider(page: Page, provider: 'Google' | 'Facebook', email: string) {
  await page.waitForURL((url) => url.port !== new URL(page.url()).port || /\/interaction\//.test(url.pathname) || !/\/auth\//.test(url.pathname));
  if (/\/interaction\//.test(new URL(page.url()).pathname)) {
    await expect(page.getByText(provider, { exact: false }).first()).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
}

const accountButton = (page: Page) => page.locator('#account-menu-button');

/** The `path` link in the newest email to `to` from the development outbox (waits for it). */
async function emailedLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/outbox?format=json&to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: Array<{ text: string }> };
        link = messages.flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []).find((url) => new URL(url).pathname === path);
        return link !== undefined;
      },
      { message: `an email to ${to} with a ${path} link` },
    )
    .toBe(true);
  const url = new URL(link!);
  return url.pathname + url.search;
}

test('Google: an unregistered address is told so, signs up, then signs in again', async ({ page }) => {
  const email = newEmail('glen');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await signInAtProvider(page, 'Google', email);

  // Not registered yet: back on the login page with the spec's words and a way to register.
  await page.waitForURL(/\/login\?/);
  await expect(page.getByText("Email wasn't registered")).toBeVisible();

  await page.goto('/register');
  await page.getByRole('link', { name: 'Sign up with Google' }).click();
  await signInAtProvider(page, 'Google', email);
  await page.waitForURL(/\/myaccount/);
  await expect(accountButton(page)).toContainText('Hi glen');

  // Sign out, then sign in with Google: the linked identity signs straight in.
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(accountButton(page)).not.toContainText('Hi ');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await signInAtProvider(page, 'Google', email);
  await page.waitForURL(/\/myaccount/);
  await expect(accountButton(page)).toContainText('Hi glen');
});

test('Facebook: signing up asks to confirm the address by email (Facebook does not vouch for it); the link signs in with the isFacebook and Facebook-only flags', async ({ page, context }) => {
  const email = newEmail('fiona');
  await page.goto('/register');
  await page.getByRole('link', { name: 'Sign up with Facebook' }).click();
  await signInAtProvider(page, 'Facebook', email);
  await page.waitForURL(/\/register\?check_email=facebook/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('To finish signing up with Facebook, open the link we have emailed to you.')).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === '__Host-sid')).toBeUndefined();

  // Signing in with Facebook before confirming: not yet, and a new link is on its way.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Facebook' }).click();
  await signInAtProvider(page, 'Facebook', email);
  await page.waitForURL(/\/login\?/);
  await expect(page.getByText('Please confirm your email address first. We have sent you a new link.')).toBeVisible();

  await page.goto(await emailedLink(page.request, email, '/confirm-email'));
  await expect(page).toHaveURL(/\/myaccount$/);
  await expect(accountButton(page)).toContainText('Hi fiona');
  const status = (await context.cookies()).find((c) => c.name === 'user_status');
  expect(status?.value.split('.')).toEqual(expect.arrayContaining(['isFacebook', 'FBO', 'tpl', 'DED']));
  const session = (await context.cookies()).find((c) => c.name === '__Host-sid');
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
});

test('a refused Facebook sign-in does not show the Google words', async ({ page }) => {
  await page.goto('/login?social_error=INVALID_GOOGLE_TOKEN&provider=facebook');
  await expect(page.getByText('Sorry, we could not sign you in with Facebook. Please try again.')).toBeVisible();
  await expect(page.getByText('Invalid google token id')).toHaveCount(0);
  await page.goto('/login?social_error=INVALID_GOOGLE_TOKEN&provider=google');
  await expect(page.getByText('Invalid google token id')).toBeVisible();
});

test('an account with no password (Google only) is deleted through an emailed link opened while signed in', async ({ page, context }) => {
  const email = newEmail('gordon');
  await page.goto('/register');
  await page.getByRole('link', { name: 'Sign up with Google' }).click();
  await signInAtProvider(page, 'Google', email);
  await page.waitForURL(/\/myaccount/);

  await page.goto('/myaccount/delete');
  await expect(page.getByRole('textbox', { name: /password/i })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'I understand that deleting my account can’t be undone' }).check();
  await page.getByRole('button', { name: 'Email me a link to delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  // Nothing is erased yet.
  await page.goto('/myaccount');
  await expect(accountButton(page)).toContainText('Hi gordon');

  await page.goto(await emailedLink(page.request, email, '/myaccount/delete'));
  await expect(page.getByText('You opened the link we emailed you.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I understand that deleting my account can’t be undone' }).check();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByTestId('flash')).toContainText('Your account has been deleted and your personal details erased.');
  expect((await context.cookies()).find((c) => c.name === '__Host-sid')).toBeUndefined();
});
