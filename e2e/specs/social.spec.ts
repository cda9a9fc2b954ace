import { expect, test, type Page } from '../fixtures.ts';

// Social sign-in (issue 5, spec §7 logingoogle / registergoogleuser / facebook authenticate, §8
// "Email wasn't registered") in Chromium against the local identity providers that play Google
// and Facebook (e2e/local-idp-server.ts, started by playwright.config.ts). Each journey uses a new
// address, so the providers create the account on the fly with that email, verified.

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

test('Facebook: signing up sets the isFacebook and Facebook-only flags', async ({ page, context }) => {
  const email = newEmail('fiona');
  await page.goto('/register');
  await page.getByRole('link', { name: 'Sign up with Facebook' }).click();
  await signInAtProvider(page, 'Facebook', email);
  await page.waitForURL(/\/myaccount/);
  await expect(accountButton(page)).toContainText('Hi fiona');
  const status = (await context.cookies()).find((c) => c.name === 'user_status');
  expect(status?.value.split('.')).toEqual(expect.arrayContaining(['isFacebook', 'FBO', 'tpl']));
  const session = (await context.cookies()).find((c) => c.name === '__Host-sid');
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
});
