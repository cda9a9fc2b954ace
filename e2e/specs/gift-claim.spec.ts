import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { addToBasket, answerCookies, enterCard, findDeal, GOOD_CARD, newEmail, payButton, registerAndConfirm, restaurantDeal, RESTAURANTS } from './buying-helpers.ts';

// Gifts claimed (issue 16 point 8; spec §2 /mygift, page type claim-gift): a signed-in buyer
// sends a deal as an e-gift; the recipient's email (read from the shop's outbox page) carries the
// claim link; the recipient, a different account signed out at first, opens it, sees what the
// gift is and never the price, signs in on the way (and comes back to the gift), claims it and
// finds the voucher in their My Vouchers; the giver sees who claimed it and when. A second look
// at the link by someone else is the "not valid" answer, and the page's paste form says why a
// wrong code is wrong.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'Heather-2026';

test.beforeEach(async ({ page }) => {
  await answerCookies(page);
});

/** Registers and confirms an account named Rhona Campbell, and signs in (the confirmation link does). */
async function registerRecipient(page: Page, email: string) {
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'First name' }).fill('Rhona');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Campbell');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel('Create a password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ text: string }> };
      link = messages.flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []).find((u) => new URL(u).pathname === '/confirm-email');
      return link !== undefined;
    })
    .toBe(true);
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await expect(page).toHaveURL(/\/myaccount$/);
}

test('a gift recipient claims an e-gift', async ({ page, browser }) => {
  // Two accounts registered and confirmed, a purchase, a sign-in and a claim.
  test.setTimeout(180_000);
  // The giver, signed in, buys a restaurant deal as an e-gift.
  const giverEmail = newEmail('giver');
  await registerAndConfirm(page, giverEmail);
  const deal = await findDeal(page.request, restaurantDeal, RESTAURANTS);
  await addToBasket(page, deal);
  const line = page.getByRole('list', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: deal.title });
  await line.getByRole('button', { name: /Is this a gift\?/ }).click();
  const giftForm = page.getByRole('form', { name: `Gift options for ${deal.title}` });
  await giftForm.getByRole('radio', { name: /Send it as an e-gift/ }).check();
  await giftForm.getByRole('textbox', { name: 'Recipient’s name' }).fill('Rhona');
  const recipientEmail = newEmail('rhona');
  await giftForm.getByRole('textbox', { name: /Recipient’s email/ }).fill(recipientEmail);
  await giftForm.getByRole('textbox', { name: /Your message/ }).fill('Happy birthday, Rhona!');
  await giftForm.getByRole('button', { name: /Save gift options/ }).click();
  await expect(line.getByText('E-gift for Rhona')).toBeVisible();
  await enterCard(page, GOOD_CARD);
  await payButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Successful' })).toBeVisible();

  // Until it is claimed, the giver's My Vouchers says so.
  await page.goto('/myaccount/vouchers');
  const giverCard = page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title });
  await expect(giverCard.getByText(/^Gift sent to Rhona on .*, not yet claimed\.$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Gifts you sent' }).getByText('Gift sent, not yet claimed')).toBeVisible();

  // The recipient's email carries the claim link (read from the shop's outbox), never the price.
  let link = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get(`/dev/outbox?format=json&to=${encodeURIComponent(recipientEmail)}`)).json()) as { messages: Array<{ kind: string; text: string; subject: string }> };
      const mail = messages.find((m) => m.kind === 'egift_recipient');
      link = mail?.text.match(/https?:\/\/\S+\/mygift\?claim=[A-Za-z0-9_-]{32}/)?.[0] ?? '';
      if (mail) expect(`${mail.subject}\n${mail.text}`).not.toContain('£');
      return link;
    })
    .not.toBe('');
  const claimUrl = new URL(link);

  // The recipient: a different account, signed out when the link is opened.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  await other.addCookies([{ name: 'td_consent', value: 'none', url: new URL(page.url()).origin }]);
  // As the shared fixture does for its own context: the subscribe popup was dismissed a moment ago.
  await other.addInitScript(() => window.localStorage.setItem('td:subscribe-popup-dismissed-at', String(Date.now())));
  const recipient = await other.newPage();
  await registerRecipient(recipient, recipientEmail);
  await other.clearCookies();
  await other.addCookies([{ name: 'td_consent', value: 'none', url: new URL(page.url()).origin }]);

  await recipient.goto(claimUrl.pathname + claimUrl.search);
  await expect(recipient.getByRole('heading', { level: 1, name: 'Claim a gift' })).toBeVisible();
  // From the buyer's first name: the page is open to whoever has the link, so never their email address.
  const preview = recipient.getByRole('article', { name: 'A gift for Rhona from Morag' });
  await expect(recipient.getByRole('main')).not.toContainText(giverEmail);
  await expect(preview).toBeVisible();
  await expect(preview.getByText('Happy birthday, Rhona!')).toBeVisible();
  await expect(preview.getByRole('list', { name: 'What the gift is' }).getByRole('link', { name: deal.title })).toBeVisible();
  await expect(preview).toContainText(/Use by \d{1,2} [A-Z][a-z]+ \d{4}/);
  await expect(recipient.getByRole('main')).not.toContainText('£');
  const results = await new AxeBuilder({ page: recipient }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await recipient.screenshot({ path: '/tmp/gift-claim-preview.png', fullPage: true });

  // Signed out: sign in on the way, and back to the gift.
  await preview.getByRole('link', { name: 'Sign in to claim' }).click();
  await expect(recipient).toHaveURL(/\/login/);
  await recipient.getByRole('textbox', { name: 'Email address' }).fill(recipientEmail);
  await recipient.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await recipient.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(recipient).toHaveURL(new RegExp(`/mygift\\?claim=${claimUrl.searchParams.get('claim')}$`));
  const claim = recipient.getByRole('button', { name: 'Claim your gift' });
  await claim.focus();
  await recipient.keyboard.press('Enter');
  await expect(recipient.getByRole('status').filter({ hasText: 'Your gift is claimed.' })).toBeFocused();
  await recipient.getByRole('link', { name: 'See it in My Vouchers' }).click();
  await expect(recipient).toHaveURL(/\/myaccount\/vouchers$/);
  const theirs = recipient.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title });
  await expect(theirs.getByText('Ready to Redeem', { exact: true })).toBeVisible();
  await expect(theirs).not.toContainText('Gift sent');

  // The giver: the voucher is the recipient's now; "Gifts you sent" says who claimed it and when.
  await page.reload();
  const sent = page.getByRole('region', { name: 'Gifts you sent' });
  await expect(sent.getByText(/^Claimed by Rhona Campbell on \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your vouchers' }).getByRole('article', { name: deal.title })).toHaveCount(0);

  // Anyone else opening the link now gets the "not valid" answer (as for a made-up link), and the paste form.
  await page.goto(claimUrl.pathname + claimUrl.search);
  await expect(page.getByRole('alert')).toHaveText('Sorry, this gift link is not valid, or the gift has already been claimed.');
  const field = page.getByRole('textbox', { name: 'Gift claim link or code' });
  await field.fill('not a gift code');
  await page.getByRole('button', { name: 'Find my gift' }).click();
  await expect(field).toHaveAccessibleDescription(/the 32 letters and digits after "claim="/);
  await other.close();
});
