/** Control, zero-width and bidi-override characters never belong in a name, a reference or a code. */
const UNSAFE_TEXT = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;

/** The text holds a control, zero-width or bidi-override character (refused wherever people or tills type text). */
export const hasUnsafeText = (value: string): boolean => UNSAFE_TEXT.test(value);

/** The largest value of a PostgreSQL integer column (ids such as deal ids, line numbers). */
export const PG_INT_MAX = 2_147_483_647;
