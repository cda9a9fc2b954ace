/**
 * THE list of error codes a shopper can act on. The GraphQL `ErrorCode` enum and the REST
 * problem `code`s are checked against it, and every code has British-English copy here.
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'Please check the highlighted field and try again.',
  NOT_FOUND: 'Sorry, we could not find that.',
  DEAL_SOLD_OUT: 'Sorry, this deal has sold out.',
  DEAL_CLOSED: 'Sorry, this deal has ended.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export function messageFor(code: ErrorCode): string {
  return ERROR_MESSAGES[code];
}
