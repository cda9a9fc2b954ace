import type { Mailer } from '@shop/platform';
import type { UsersDb } from '../db/database.ts';
import type { Background } from './background.ts';
import type { Links } from './links.ts';
import type { PasswordHasher } from './passwords.ts';
import type { RateLimits } from './rate-limit.ts';

export type Logger = (message: string, fields: Record<string, unknown>) => void;

/** What the handlers need, given once when the app is created. */
export interface UsersDeps {
  db: UsersDb;
  /** The clock: sessions, links and rate-limit windows are timed by it (tests move it). */
  now: () => Date;
  log: Logger;
  mailer: Mailer;
  links: Links;
  passwords: PasswordHasher;
  limits: RateLimits;
  background: Background;
}
