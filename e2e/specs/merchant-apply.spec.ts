import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { answerCookies, gql, newEmail } from './buying-helpers.ts';

// "Become a merchant" (issue 17 points 1 and 7): from the footer's link, a business fills the
// form (its address found by postcode), sees the confirmation (focused) and gets the confirmation
// email (the shop's outbox); staff find it through GraphQL with a staff API key, and a staff person
// signed in on /staff/sign-in approves it on the staff page
// (named as who decided) and the applicant's approval email arrives.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Mail = { subject: string; text: string };
const mailTo = async (page: Page, email: string) =>
  ((await (await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { messages: Mail[] }).messages;

test('a business applies to become a merchant, and staff approve it', async ({ page }) => {
  test.setTimeout(120_000);
  await answerCookies(page);
  await page.goto('/deals/glasgow');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Become a merchant' }).click();
  await expect(page).toHaveURL(/\/merchant\/apply$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Become a merchant' })).toBeVisible();
  await expect(page).toHaveTitle('Become a merchant | Thistle Deals');
  await expect(page.getByRole('link', { name: 'Business FAQ' })).toHaveAttribute('href', '/page/businessfaq');

  // Sent empty: the error summary takes focus and names the fields.
  const send = page.getByRole('button', { name: 'Send my application' });
  await send.click();
  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: 'Business name: Required field' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription(/Required field/);

  const email = newEmail('tearoom');
  await page.getByRole('textbox', { name: 'Business name' }).fill('The Byres Tearoom');
  await page.getByRole('textbox', { name: 'Your name' }).fill('Morag Reid');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0141 496 0123');
  // A real postcode of the address table: its addresses are listed to choose from.
  const [known] = (await gql<{ addressSuggestions: Array<{ postcode: string; line1: string; town: string; label: string }> }>(page.request, '{ addressSuggestions(query: "Byres Road") { postcode line1 town label } }')).addressSuggestions;
  expect(known, 'a seeded Byres Road address').toMatchObject({ town: 'Glasgow', postcode: expect.stringMatching(/^G12 \d[A-Z]{2}$/) });
  await page.getByRole('textbox', { name: 'Find your business address by postcode' }).fill(known!.postcode);
  await page.getByRole('button', { name: 'Find address' }).click();
  const choose = page.getByRole('combobox', { name: 'Choose your address' });
  await expect(choose).toBeFocused();
  await choose.selectOption({ label: known!.label });
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(new RegExp(`^${known!.line1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*${known!.town}$`));
  await expect(page.getByRole('textbox', { name: 'Postcode', exact: true })).toHaveValue(known!.postcode);
  // The categories are the shop's navigation's.
  const category = page.getByRole('combobox', { name: 'Category' });
  await expect(category.getByRole('option', { name: 'Afternoon Tea' })).toHaveCount(1);
  await category.selectOption({ label: 'Afternoon Tea' });
  await page.getByRole('combobox', { name: 'Where you trade' }).selectOption('Glasgow');
  await page.getByRole('combobox', { name: 'Type of business' }).selectOption('local');
  await expect(summary).toHaveCount(0);
  expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);
  await page.screenshot({ path: '/tmp/merchant-apply-form.png', fullPage: true });

  await send.click();
  const confirmation = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Thanks — check your email' }) });
  await expect(confirmation).toBeFocused();
  await expect(send).toHaveCount(0);
  await page.screenshot({ path: '/tmp/merchant-apply-confirmation.png', fullPage: true });

  // The confirmation email, with the application's reference.
  let reference: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await mailTo(page, email)).find((m) => m.subject === 'We have your application, The Byres Tearoom');
      reference = mail && /reference M(\d+)/.exec(mail.text)?.[1];
      return reference;
    })
    .toMatch(/^\d+$/);

  // Staff (a staff API key) find it among the pending ones.
  const { merchantApplications } = await gql<{ merchantApplications: Array<{ id: string; email: string; businessName: string; postcode: string; category: string }> }>(
    page.request,
    'query { merchantApplications(status: PENDING) { id email businessName postcode category } }',
  );
  expect(merchantApplications.find((a) => a.email === email)).toEqual({ id: reference, email, businessName: 'The Byres Tearoom', postcode: known!.postcode, category: 'afternoon-tea' });

  // A staff person signs in on the staff page (never a shopper session) and approves it there.
  await page.goto('/staff/sign-in');
  await page.getByLabel('Email address').fill('staff@thistledeals.example');
  await page.getByLabel('Password').fill('Thistle-Staff-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signed in as Demo Staff' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('The Byres Tearoom');
  await page.screenshot({ path: '/tmp/merchant-apply-staff.png', fullPage: true });
  await row.getByRole('button', { name: 'Approve The Byres Tearoom' }).click();
  await expect(page.getByRole('status')).toHaveText('Approved The Byres Tearoom: its owner is asked to register with that email.');
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in$/);

  // The applicant's approval email.
  await expect.poll(async () => (await mailTo(page, email)).map((m) => m.subject)).toContain('The Byres Tearoom is approved to sell with Thistle Deals');
});
