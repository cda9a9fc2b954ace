/**
 * THE list of error codes a shopper can act on. The GraphQL `ErrorCode` enum and the REST
 * problem `code`s are checked against it, and every code has British-English copy here.
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'Please check the highlighted field and try again.',
  NOT_FOUND: 'Sorry, we could not find that.',
  DEAL_SOLD_OUT: 'Sorry, this deal has sold out.',
  DEAL_CLOSED: 'Sorry, this deal has ended.',
  // Accounts (issue 5). Sign-in failures never say whether the email is registered.
  INVALID_CREDENTIALS: 'Your email or password is incorrect.',
  ACCOUNT_LOCKED: 'Your account is locked after too many failed sign-in attempts. Reset your password to unlock it, or try again in an hour.',
  RATE_LIMITED: 'Too many attempts. Please wait a few minutes and try again.',
  EMAIL_NOT_CONFIRMED: 'Please confirm your email address first. We have sent you a new link.',
  EMAIL_NOT_REGISTERED: "Email wasn't registered",
  INVALID_GOOGLE_TOKEN: 'Invalid google token id',
  INVALID_LINK: 'This link has expired or has already been used. Please ask for a new one.',
  WRONG_PASSWORD: 'Your current password is incorrect.',
  UNAUTHENTICATED: 'Please sign in to continue.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export function messageFor(code: ErrorCode): string {
  return ERROR_MESSAGES[code];
}
