/**
 * A fresh, migrated wishlist database and the app, for tests (not a test file itself). `clock`
 * moves the app's now.
 */
import { SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { createWishlistApp } from '../app.ts';
import { migrateWishlist } from '../db/database.ts';

export const TEST_TOKEN = 'test-service-token';

export interface WishlistFixture {
  database: Database;
  app: ReturnType<typeof createWishlistApp>;
  logged: string[];
  clock: { now: Date };
  /** Each call a millisecond after the last (deals added by one test keep their order). */
  call(method: string, path: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

export async function wishlistFixture(open: OpenTestDatabase): Promise<WishlistFixture> {
  const database = await open();
  await migrateWishlist(database.db);
  const logged: string[] = [];
  const clock = { now: new Date('2027-01-12T12:00:00Z') };
  const app = createWishlistApp({ db: database.db, serviceToken: TEST_TOKEN, now: () => clock.now, log: (message, fields) => void logged.push(`${message} ${JSON.stringify(fields)}`) });
  return {
    database,
    app,
    logged,
    clock,
    call: (method, path, body) => {
      clock.now = new Date(clock.now.getTime() + 1);
      return Promise.resolve(
        app.request(path, {
          method,
          headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        }),
      );
    },
    close: () => database.close(),
  };
}
