import type { Mailer } from '@shop/platform';
import type { Limit } from '@shop/platform/rate-limit';
import type { MerchantsDb } from '../db/database.ts';

export type Logger = (message: string, fields: Record<string, unknown>) => void;

/** What the handlers need, given once when the app is created. */
export interface MerchantsDeps {
  db: MerchantsDb;
  mailer: Mailer;
  /** The shop's public origin, for the links in the mail. */
  publicBaseUrl: string;
  now: () => Date;
  log: Logger;
  applicationLimits: ApplicationLimits;
}

/** Submissions of the "Become a merchant" form per window: per client address and per email typed. */
export interface ApplicationLimits {
  perAddress: Limit;
  perEmail: Limit;
}
