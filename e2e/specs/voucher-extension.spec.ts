import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';
import { answerCookies, buyOneVoucherSignedIn, enterCard, GOOD_CARD, SERVICE_TOKEN } from './buying-helpers.ts';

// Validity extension after purchase and expiry reminders (issue 16 points 7 and 9) as a shopper
// meets them: buy a voucher signed in; the reminders job runs as at 5 days before its expiry (the
// operator's run of the shop's hourly job: a real voucher lasts months); the 7-day reminder is in
// the outbox with its one-tap link; the link's page (spec §2 page type extendLanding) offers 1 to
// 3 months with prices and new dates, none chosen; 1 month is paid by card like the order's
// add-on; the page and My Vouchers show the new expiry.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const inWords = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

test('a voucher is extended from the reminder link', async ({ page }) => {
  const { email, deal, vouchers: held } = await buyOneVoucherSignedIn(page, 'extend');
  expect(held).toHaveLength(1);
  const [voucher] = held;
  expect(voucher!.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  // The reminders job, as at 5 days before the voucher expires: the 7-day reminder only.
  const asOf = new Date(new Date(voucher!.expiresAt).getTime() - 5 * 86_400_000).toISOString();
  const run = await page.request.post('/api/vouchers/reminders/run', { headers: { 'x-service-token': SERVICE_TOKEN }, data: { asOf } });
  expect(run.status(), await run.text()).toBe(200);
  expect(((await run.json()) as { recorded: number }).recorded).toBeGreaterThanOrEqual(1);
  const outbox = await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(email)}`);
  const reminders = ((await outbox.json()) as { messages: Array<{ subject: string; text: string }> }).messages.filter((m) => m.subject.startsWith('Your voucher for'));
  expect(reminders).toHaveLength(1);
  const reminder = reminders[0]!;
  expect(reminder.subject).toContain(`expires on ${inWords(voucher!.expiresAt)}`);
  expect(reminder.text).toContain('expires in 5 days');
  const link = /https?:\/\/\S+\/voucher\/extend\/\S+/.exec(reminder.text)?.[0];
  expect(link, reminder.text).toMatch(new RegExp(`/voucher/extend/${voucher!.id}$`));
  // As at that day the 14 days for a refund are long over: no refund link (the service test has one within them).
  expect(reminder.text).not.toContain('refund');
  // The same run again sends nothing more.
  await page.request.post('/api/vouchers/reminders/run', { headers: { 'x-service-token': SERVICE_TOKEN }, data: { asOf } });
  const again = await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(email)}`);
  expect(((await again.json()) as { messages: Array<{ subject: string }> }).messages.filter((m) => m.subject.startsWith('Your voucher for'))).toHaveLength(1);

  // One tap: the voucher, its date, and the options with their prices and new dates, none chosen.
  const url = new URL(link!);
  await page.goto(url.pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Extend your voucher' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: deal.title })).toBeVisible();
  await expect(page.getByTestId('voucher-expiry')).toHaveText(inWords(voucher!.expiresAt));
  const options = page.getByRole('group', { name: 'How much longer?' }).getByRole('radio');
  await expect(options).toHaveCount(3);
  for (const option of await options.all()) await expect(option).not.toBeChecked();
  const oneMonth = page.getByRole('radio', { name: /^1 month for £1: use by \d{1,2} [A-Z][a-z]+ \d{4}$/ });
  await expect(oneMonth).toBeVisible();
  const newDate = (await page.getByText(/^1 month for £1: use by/).textContent())!.split('use by ')[1]!.trim();
  expect(newDate).not.toBe(inWords(voucher!.expiresAt));
  await expect(page.getByRole('radio', { name: /^2 months for £2: use by / })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^3 months for £3: use by / })).toBeVisible();

  // Paying without choosing says so; nothing is chosen for the shopper.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Choose how many months to add.').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await oneMonth.check();
  await enterCard(page, GOOD_CARD);
  await page.screenshot({ path: '/tmp/voucher-extend-form.png', fullPage: true });
  await page.getByRole('button', { name: 'Pay £1' }).click();
  await expect(page.getByText(`Your voucher is valid 1 month longer: use it by ${newDate}.`)).toBeVisible();
  await expect(page.getByTestId('voucher-expiry')).toHaveText(newDate);
  await page.screenshot({ path: '/tmp/voucher-extended.png', fullPage: true });

  // My Vouchers shows the new date, and it can still be extended (2 months are left).
  await page.getByRole('link', { name: 'See it in My Vouchers' }).click();
  const card = page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title });
  await expect(card).toContainText(`Use by ${newDate}`);
  await card.getByRole('link', { name: 'Extend validity' }).click();
  await expect(page.getByRole('group', { name: 'How much longer?' }).getByRole('radio')).toHaveCount(2);
});

test('a signed-out visitor of a reminder link is asked to sign in and comes back', async ({ page }) => {
  await page.goto('/voucher/extend/5b0e6f7a-2c1d-4e3f-8a9b-0c1d2e3f4a5b');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to extend your voucher' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/order-addon\/signin-page\?redirect=%2Fvoucher%2Fextend%2F5b0e6f7a/);
});
