import type { DealsDb } from '../db/database.ts';

/** What the handlers need, given once when the app is created. */
export interface DealsDeps {
  db: DealsDb;
  /** The clock: deals whose closing date has passed are not listed. */
  now: () => Date;
  /** Public prefix of this service's own links (images), e.g. /api/deals. */
  basePath: string;
}
