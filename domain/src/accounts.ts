/**
 * Account rules shared by the users service, the gateway and the client (spec §3 User and user
 * status, §4 auth and post-login redirect, §5 password and form messages, §9 tokens and cookies).
 * Pure: no I/O. The zod schemas here are the ones the forms and the services validate with, so a
 * shopper sees the same words whichever side refuses the input.
 */
import { z } from 'zod';
import { isCommonPassword } from './accounts-common-passwords.ts';
import { safeReturnPath } from './layouts.ts';
import { emailSchema } from './email.ts';

export { EMAIL_MAX, isEmail, normaliseEmail } from './email.ts';

// ---------------------------------------------------------------------------------------------
// Messages, word for word from spec §5 where it has them.

export const ACCOUNT_MESSAGES = {
  /** Register and login forms (spec §5, first reading). */
  passwordMin6: 'Password must be at least 6 characters',
  /** Password change (spec §5, second reading): one message per rule. */
  passwordMin8: 'Password must be at least 8 characters long.',
  passwordUppercase: 'Password must include at least one uppercase letter.',
  passwordNumberOrSpecial: 'Password must include at least one number or special character (e.g., ! @ # $ %).',
  passwordsMatch: 'Passwords should match',
  required: 'Required field',
  /** Account forms (register, login, forgot password, profile). */
  email: 'Enter a valid email',
  /** The subscribe box and the popup. */
  subscribeEmail: 'Please enter a valid email',
  /** Email preferences. */
  invalidEmail: 'Invalid Email. Please enter a valid email address.',
  /** Not in the spec: a new password among the 3000 most common ones (reliability A4, ASVS 6.2.4). */
  passwordTooCommon: 'This password is too common. Please choose a different one.',
  /** Not in the spec: ASVS 6.2.9 asks for at least 64 characters; more than 128 is refused. */
  passwordMax: `Password must be ${128} characters or fewer.`,
  /** Not in the spec: names hold letters, spaces and ' - . only in practice; control and direction characters are refused. */
  nameInvalid: 'Enter a name without control characters',
  nameTooLong: 'Name must be 50 characters or fewer',
  /** Social sign-in outcomes (spec §8). */
  invalidGoogleToken: 'Invalid google token id',
  emailNotRegistered: "Email wasn't registered",
  /** Not in the spec (its words are Google's): a Facebook sign-in that was refused. */
  facebookFailed: 'Sorry, we could not sign you in with Facebook. Please try again.',
  /** Not in the spec: a Facebook sign-up waits for the emailed link (Facebook does not vouch for the address). */
  facebookCheckEmail: 'To finish signing up with Facebook, open the link we have emailed to you. It confirms your email address and signs you in.',
} as const;

export const PASSWORD_MAX = 128;
export const NAME_MAX = 50;

// ---------------------------------------------------------------------------------------------
// Emails: the one rule lives in email.ts (forms, contracts and the mailer share it).

const emailField = (message: string) => emailSchema(message, ACCOUNT_MESSAGES.required);

// ---------------------------------------------------------------------------------------------
// Passwords (never trimmed or case-changed: ASVS 6.2.8)

/**
 * The rules of the password change form, in order; each failing rule gives its own message. A
 * password that passes them all is still refused when it is one of the most common passwords
 * (compared in lower case: 'Password1' is 'password1').
 */
export function changePasswordProblems(password: string): string[] {
  const problems: string[] = [];
  if ([...password].length < 8) problems.push(ACCOUNT_MESSAGES.passwordMin8);
  if (!/\p{Lu}/u.test(password)) problems.push(ACCOUNT_MESSAGES.passwordUppercase);
  if (!/[^\p{L}\s]/u.test(password)) problems.push(ACCOUNT_MESSAGES.passwordNumberOrSpecial);
  if ([...password].length > PASSWORD_MAX) problems.push(ACCOUNT_MESSAGES.passwordMax);
  if (problems.length === 0 && isCommonPassword(password)) problems.push(ACCOUNT_MESSAGES.passwordTooCommon);
  return problems;
}

/** Login form: at least 6 characters, at most 128 (an existing password is never judged again). */
const formPassword = z
  .string({ error: ACCOUNT_MESSAGES.required })
  .min(1, { error: ACCOUNT_MESSAGES.required })
  .refine((p) => [...p].length >= 6, { error: ACCOUNT_MESSAGES.passwordMin6 })
  .refine((p) => [...p].length <= PASSWORD_MAX, { error: ACCOUNT_MESSAGES.passwordMax });

/** Register form: the login form's rules, and not one of the most common passwords. */
const registerPassword = formPassword.refine((p) => [...p].length < 6 || [...p].length > PASSWORD_MAX || !isCommonPassword(p), {
  error: ACCOUNT_MESSAGES.passwordTooCommon,
});

/** A new password on the change, reset and activate forms: every rule of spec §5's second reading. */
const newPassword = z
  .string({ error: ACCOUNT_MESSAGES.required })
  .min(1, { error: ACCOUNT_MESSAGES.required })
  .superRefine((p, ctx) => {
    for (const message of changePasswordProblems(p)) ctx.addIssue({ code: 'custom', message });
  });

// ---------------------------------------------------------------------------------------------
// Names

/** C0/C1 controls, bidi overrides and isolates, zero-width characters. */
const UNSAFE_NAME_CHARS = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;

const nameField = z
  .string({ error: ACCOUNT_MESSAGES.required })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.required })
  .max(NAME_MAX, { error: ACCOUNT_MESSAGES.nameTooLong })
  .refine((n) => !UNSAFE_NAME_CHARS.test(n), { error: ACCOUNT_MESSAGES.nameInvalid });

// ---------------------------------------------------------------------------------------------
// Form schemas (field names are the GraphQL input's; the REST bodies wrap them as spec §7 says)

export const registerSchema = z.strictObject({
  email: emailField(ACCOUNT_MESSAGES.email),
  password: registerPassword,
  firstName: nameField,
  lastName: nameField,
  /** Also subscribe to deal emails (double opt-in). */
  subscribe: z.boolean().optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Express registration (guest checkout): an email and optional names; the password is set later by email. */
export const expressRegisterSchema = z.strictObject({
  email: emailField(ACCOUNT_MESSAGES.email),
  firstName: nameField.optional(),
  lastName: nameField.optional(),
});

export const loginSchema = z.strictObject({
  email: emailField(ACCOUNT_MESSAGES.email),
  password: formPassword,
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

const withConfirmation = <T extends { confirmPassword: string }>(key: 'newPassword' | 'password') => (value: T, ctx: z.RefinementCtx) => {
  const chosen = (value as unknown as Record<string, string>)[key];
  if (value.confirmPassword !== chosen) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: ACCOUNT_MESSAGES.passwordsMatch });
};

export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string({ error: ACCOUNT_MESSAGES.required }).min(1, { error: ACCOUNT_MESSAGES.required }).max(1024),
    newPassword,
    confirmPassword: z.string({ error: ACCOUNT_MESSAGES.required }).min(1, { error: ACCOUNT_MESSAGES.required }),
  })
  .superRefine(withConfirmation('newPassword'));
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Reset (forgot password) and activate (first password of an express account): a token from the email. */
export const resetPasswordSchema = z
  .strictObject({
    token: z.string().min(1, { error: ACCOUNT_MESSAGES.required }).max(200),
    password: newPassword,
    confirmPassword: z.string({ error: ACCOUNT_MESSAGES.required }).min(1, { error: ACCOUNT_MESSAGES.required }),
  })
  .superRefine(withConfirmation('password'));
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const forgotPasswordSchema = z.strictObject({ email: emailField(ACCOUNT_MESSAGES.email) });

export const profileSchema = z.strictObject({ firstName: nameField, lastName: nameField });
export type ProfileInput = z.infer<typeof profileSchema>;

export const deleteAccountSchema = z.strictObject({
  /** Re-authentication before erasing (ASVS 7.5.1); accounts without a password confirm by email instead. */
  password: z.string().max(1024).optional(),
  /** An account without a password: the token of the emailed confirmation link (without it, the link is sent). */
  token: z.string().min(1, { error: ACCOUNT_MESSAGES.required }).max(200).optional(),
});

export const subscribeSchema = z.strictObject({
  email: emailField(ACCOUNT_MESSAGES.subscribeEmail),
  /** Where the shopper asked: the header box, the popup, the register form, the preferences page, or their account's subscriptions page. */
  source: z.enum(['header', 'popup', 'register', 'preferences', 'account']),
});

export const EMAIL_TOPICS = ['local-deals', 'travel', 'shop', 'vip', 'partner-offers'] as const;
export type EmailTopic = (typeof EMAIL_TOPICS)[number];
export const EMAIL_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

export const emailPreferencesSchema = z.strictObject({
  token: z.string().min(1).max(300),
  topics: z.array(z.enum(EMAIL_TOPICS)).max(EMAIL_TOPICS.length),
  frequency: z.enum(EMAIL_FREQUENCIES),
});

/** Field → first message, for forms and REST problems (zod's first issue per field). */
export function fieldErrors(error: z.ZodError): Array<{ field: string; message: string }> {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'input';
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

/** Every message for one field (the change-password form lists each failing rule). */
export function allFieldErrors(error: z.ZodError): Array<{ field: string; message: string }> {
  return error.issues.map((issue) => ({ field: issue.path.length ? issue.path.join('.') : 'input', message: issue.message }));
}

// ---------------------------------------------------------------------------------------------
// Sessions, tokens, cookies (spec §6, §9; reliability A1–A3)

/** The session cookie: HttpOnly, Secure, SameSite=Lax, Path=/, no Domain (the __Host- prefix demands it). */
export const SESSION_COOKIE = '__Host-sid';
/** A staff person's session (issue 17 point 7; the gateway's /staff/sign-in): HttpOnly, Secure, SameSite=Strict, Path=/. Never a shopper session. */
export const STAFF_SESSION_COOKIE = '__Host-staff';
/** Idle and absolute lifetimes of a session (ASVS 4.0.3 3.3.2 L2: 30 minutes idle, 12 hours). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** "Remember me": the session survives the browser closing and lasts longer. */
export const REMEMBER_ME_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const REMEMBER_ME_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Sign-in throttling (issue 14 #5; OWASP Authentication cheat sheet, reliability A5): never a
 * lockout. Failed password sign-ins are counted per email address typed (registered or not: the
 * answers are the same for both at every count) and per client address. Past `free` failures
 * each further attempt waits `firstDelayMs`, doubling with every failure up to `maxDelayMs`; the
 * count is forgotten after `forgetAfterMs` without a failure, and the email's count at a
 * successful sign-in (password or emailed link). The owner's way round: the sign-in link.
 */
export const SIGN_IN_THROTTLE = {
  email: { free: 5, firstDelayMs: 60_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 24 * 60 * 60_000 },
  address: { free: 20, firstDelayMs: 60_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 24 * 60 * 60_000 },
} as const;
export type SignInThrottleScope = keyof typeof SIGN_IN_THROTTLE;

/** The wait after the `failures`-th consecutive failure in a scope (0 while within the free ones). */
export function signInDelayMs(scope: SignInThrottleScope, failures: number): number {
  const t = SIGN_IN_THROTTLE[scope];
  if (failures < t.free) return 0;
  return Math.min(t.maxDelayMs, t.firstDelayMs * 2 ** Math.min(30, failures - t.free));
}

/** Sign-in links (the "Email me a sign-in link" way round the throttle): single use, this long. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** Password reset and activation links: single use, this long. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/** Email confirmation links (registration, subscription). */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Spec §5, §9: a customer token is valid if at least 10 characters long. */
export const isValidCustomerToken = (token: string | null | undefined): token is string => typeof token === 'string' && token.length >= 10;

/** Spec §3 user status: cookie-encoded flags, readable by the client. */
export const USER_STATUS_COOKIE = 'user_status';
export const USER_STATUS_FLAGS = ['hasAddress', 'DED', 'isFacebook', 'FBO', 'hasPassword', 'isLocked', 'isRegistered', 'isSubscribed', 'tpl'] as const;
export type UserStatusFlag = (typeof USER_STATUS_FLAGS)[number];
/**
 * Readings chosen (the spec names the flags only): DED the email address is confirmed
 * (double-opt-in done); FBO the account signs in by Facebook only (no password); tpl it has a
 * third-party (Google or Facebook) login; isFacebook a Facebook login is linked.
 */
export type UserStatus = Record<UserStatusFlag, boolean>;

/** `hasAddress.DED.…`: the names of the flags that are set, dot-separated ('-' when none). */
export function encodeUserStatus(status: UserStatus): string {
  const set = USER_STATUS_FLAGS.filter((f) => status[f]);
  return set.length ? set.join('.') : '-';
}

export function decodeUserStatus(value: string | null | undefined): UserStatus | null {
  if (!value) return null;
  const parts = value === '-' ? [] : value.split('.');
  if (!parts.every((p) => (USER_STATUS_FLAGS as readonly string[]).includes(p))) return null;
  return Object.fromEntries(USER_STATUS_FLAGS.map((f) => [f, parts.includes(f)])) as UserStatus;
}

/** Spec §3 subscription statuses (the VIP membership). */
export const SUBSCRIPTION_STATUSES = ['ELIGIBLE', 'ACTIVE', 'RENEW', 'NOT_CHECKED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// After login (spec §4): local redirect, then redirect url, then stored post-login url, else the account page.

export const ACCOUNT_HOME = '/myaccount';

export function postLoginRedirect(options: { localRedirect?: string | null; redirectUrl?: string | null; storedPostLoginUrl?: string | null }): string {
  return safeReturnPath(options.localRedirect) ?? safeReturnPath(options.redirectUrl) ?? safeReturnPath(options.storedPostLoginUrl) ?? ACCOUNT_HOME;
}

/**
 * The pages the account emails link to (PUBLIC_BASE_URL + path + `?token=`): the users service
 * builds the links, the client routes them.
 */
export const ACCOUNT_LINK_PATHS = {
  /** Registration: confirms the address and signs in. */
  confirmEmail: '/confirm-email',
  /** Forgot password: choose a new password (no sign-in afterwards). */
  resetPassword: '/reset-password',
  /** Express account: choose the first password. */
  activateAccount: '/activate-account',
  /** "Email me a sign-in link": signs in without the password (the way round the throttle). */
  signInLink: '/login/link',
  /** Email subscription: double opt-in confirmation. */
  confirmSubscription: '/email/confirm',
  /** Deleting an account without a password: the emailed confirmation, opened while signed in. */
  deleteAccount: '/myaccount/delete',
  /** Email preferences and unsubscribe, no login (a signed token). */
  emailPreferences: '/email/preferences',
  /** A wish list alert's unsubscribe link (issue 19 point 2), no login (a signed token of one kind). */
  wishlistAlerts: '/email/alerts',
} as const;

/** The development page listing the mail outbox (outside production, or with OUTBOX_PAGE=1). */
export const OUTBOX_PAGE_PATH = '/dev/outbox';
