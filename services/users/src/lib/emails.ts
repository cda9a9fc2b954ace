/**
 * The account emails: plain text and a simple HTML alternative, British English, from Thistle
 * Deals. Every value put into the HTML is escaped (names may hold <, &, quotes: they are text).
 * Mail to an address that is not confirmed greets no one by name (`greetingName`).
 */
import { LOGIN_PATH } from '@shop/domain/layouts';
import type { MailMessage } from '@shop/platform';
import type { Links } from './links.ts';

export const SHOP_NAME = 'Thistle Deals';
/** The forgot-password page (domain paths: an account page). */
export const FORGOT_PASSWORD_PATH = '/forgot-password';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

interface Block {
  text: string;
  link?: { label: string; url: string };
}

function compose(kind: string, to: string, subject: string, greetingName: string | null, blocks: Block[]): MailMessage {
  const greeting = greetingName ? `Hello ${greetingName},` : 'Hello,';
  const textParts = [greeting, ...blocks.map((b) => (b.link ? `${b.text}\n${b.link.url}` : b.text)), `${SHOP_NAME}`];
  const htmlParts = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...blocks.map((b) =>
      b.link
        ? `<p>${escapeHtml(b.text)}</p>\n<p><a href="${escapeHtml(b.link.url)}">${escapeHtml(b.link.label)}</a></p>`
        : `<p>${escapeHtml(b.text)}</p>`,
    ),
    `<p>${SHOP_NAME}</p>`,
  ];
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #222;">
${htmlParts.join('\n')}
</body></html>`;
  return { kind, to, subject, text: textParts.join('\n\n') + '\n', html };
}

/**
 * The name an email may greet its reader by: only an account whose address is confirmed. A name
 * on an unconfirmed account is whatever the person who typed the address chose, and the reader
 * may be someone else (their words must not reach a stranger's inbox in our name).
 */
export function greetingName(account: { firstName: string | null; emailVerified: boolean } | null | undefined): string | null {
  return account?.emailVerified ? account.firstName : null;
}

/** To an address nobody has confirmed yet: greets no one by name. */
export function confirmEmailMail(links: Links, to: string, token: string): MailMessage {
  return compose('confirm_email', to, `Confirm your email address for ${SHOP_NAME}`, null, [
    { text: `Thank you for joining ${SHOP_NAME}. Please confirm your email address to finish setting up your account:`, link: { label: 'Confirm my email address', url: links.url('confirmEmail', token) } },
    { text: 'The link works once and expires in 7 days. If you did not create an account, you can ignore this email.' },
  ]);
}

/** A registration by a sign-in provider that did not vouch for the address (Facebook): no name either. */
export function socialConfirmEmailMail(links: Links, to: string, provider: 'google' | 'facebook', token: string): MailMessage {
  const via = provider === 'facebook' ? 'Facebook' : 'Google';
  return compose('confirm_email', to, `Confirm your email address for ${SHOP_NAME}`, null, [
    {
      text: `Thank you for joining ${SHOP_NAME} with ${via}. Please confirm your email address to finish setting up your account:`,
      link: { label: 'Confirm my email address', url: links.url('confirmEmail', token) },
    },
    { text: `The link works once and expires in 7 days. If you did not sign up with ${via}, do not open the link: ignore this email and no account will be usable.` },
  ]);
}

export function alreadyRegisteredMail(links: Links, to: string, account: { firstName: string | null; emailVerified: boolean } | null): MailMessage {
  return compose('already_registered', to, `You already have a ${SHOP_NAME} account`, greetingName(account), [
    { text: `Someone, hopefully you, tried to create a ${SHOP_NAME} account with this email address. You already have an account, so you can sign in:`, link: { label: 'Sign in', url: links.page(LOGIN_PATH) } },
    { text: 'Forgotten your password? You can choose a new one here:', link: { label: 'Reset my password', url: links.page(FORGOT_PASSWORD_PATH) } },
    { text: 'If this was not you, you can ignore this email: nothing has changed.' },
  ]);
}

/** To an express account's address, not confirmed yet: greets no one by name. */
export function activateMail(links: Links, to: string, token: string): MailMessage {
  return compose('password_activate', to, `Choose a password for your ${SHOP_NAME} account`, null, [
    { text: `Your ${SHOP_NAME} account is ready. Choose a password to sign in and see your vouchers:`, link: { label: 'Choose my password', url: links.url('activateAccount', token) } },
    { text: 'The link works once and expires in 30 minutes. If it has expired, use "Forgotten your password?" on the sign-in page.' },
  ]);
}

/** "Email me a sign-in link": signs in without the password (the way round sign-in throttling). */
export function signInLinkMail(links: Links, to: string, account: { firstName: string | null; emailVerified: boolean }, token: string): MailMessage {
  return compose('sign_in_link', to, `Your ${SHOP_NAME} sign-in link`, greetingName(account), [
    { text: `Here is the link you asked for to sign in to ${SHOP_NAME} without your password:`, link: { label: 'Sign me in', url: links.url('signInLink', token) } },
    { text: 'The link works once and expires in 15 minutes. If you did not ask for it, you can ignore this email: nobody can use it without access to your inbox.' },
  ]);
}

export function resetMail(links: Links, to: string, account: { firstName: string | null; emailVerified: boolean }, token: string): MailMessage {
  return compose('password_reset', to, `Reset your ${SHOP_NAME} password`, greetingName(account), [
    { text: 'We received a request to reset the password of your account. Choose a new password here:', link: { label: 'Reset my password', url: links.url('resetPassword', token) } },
    { text: 'The link works once and expires in 30 minutes. If you did not ask for this, you can ignore this email: your password has not changed.' },
  ]);
}

export function passwordChangedMail(links: Links, to: string, account: { firstName: string | null; emailVerified: boolean }): MailMessage {
  return compose('password_changed', to, `Your ${SHOP_NAME} password has changed`, greetingName(account), [
    { text: 'The password of your account has just been changed, and every device has been signed out.' },
    { text: 'If this was not you, reset your password now:', link: { label: 'Reset my password', url: links.page(FORGOT_PASSWORD_PATH) } },
  ]);
}

export function anonymiseConfirmMail(links: Links, to: string, account: { firstName: string | null; emailVerified: boolean }, token: string): MailMessage {
  return compose('anonymise_confirm', to, `Confirm you want to delete your ${SHOP_NAME} account`, greetingName(account), [
    {
      text: `We received a request to delete your ${SHOP_NAME} account. To delete it, open this link in the browser where you are signed in, and confirm there:`,
      link: { label: 'Delete my account', url: links.url('deleteAccount', token) },
    },
    { text: 'The link works once and expires in 30 minutes. If you did not ask for this, ignore this email: your account stays as it is.' },
  ]);
}

export function subscriptionConfirmMail(links: Links, to: string, token: string): MailMessage {
  return compose('subscription_confirm', to, `Confirm your ${SHOP_NAME} deals emails`, null, [
    { text: `Please confirm that you would like to receive deals by email from ${SHOP_NAME}:`, link: { label: 'Yes, send me deals', url: links.url('confirmSubscription', token) } },
    { text: 'If you did not ask for this, ignore this email and you will not hear from us.' },
  ]);
}

export function alreadySubscribedMail(links: Links, to: string, preferencesToken: string): MailMessage {
  return compose('subscription_already', to, `You are already receiving ${SHOP_NAME} deals`, null, [
    { text: 'This address already receives our deals emails. You can choose what we send and how often, or unsubscribe, here:', link: { label: 'My email preferences', url: links.url('emailPreferences', preferencesToken) } },
  ]);
}
