/**
 * A fresh, migrated rewards database (with the wallet schema it credits) and the app, for tests
 * (not a test file itself). `clock` moves the app's now.
 */
import { SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { migrateWallet } from '@shop/wallet';
import { createRewardsApp } from '../app.ts';
import { migrateRewards } from '../db/database.ts';
import type { OrderStanding } from '../points.ts';

export const TEST_TOKEN = 'test-service-token';

export interface RewardsFixture {
  database: Database;
  app: ReturnType<typeof createRewardsApp>;
  logged: string[];
  clock: { now: Date };
  call(method: string, path: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

/**
 * `standing`: how the orders stand, as the shop's checkout would answer (the run route settles
 * against it); without one the run route answers 503, as a rewards service alone does.
 */
export async function rewardsFixture(open: OpenTestDatabase, standing?: OrderStanding): Promise<RewardsFixture> {
  const database = await open();
  await migrateWallet(database.db);
  await migrateRewards(database.db);
  const logged: string[] = [];
  const clock = { now: new Date('2027-01-10T12:00:00Z') };
  const app = createRewardsApp({ db: database.db, serviceToken: TEST_TOKEN, ...(standing ? { standing } : {}), now: () => clock.now, log: (message, fields) => void logged.push(`${message} ${JSON.stringify(fields)}`) });
  return {
    database,
    app,
    logged,
    clock,
    call: (method, path, body) =>
      Promise.resolve(
        app.request(path, {
          method,
          headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        }),
      ),
    close: () => database.close(),
  };
}
