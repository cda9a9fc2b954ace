/**
 * A fresh, migrated wallet database and the app, for tests (not a test file itself).
 */
import { expect } from 'vitest';
import { SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { testFixture } from '@shop/platform/test-suite';
import { ledgerViolations } from '../ledger-invariant.ts';
import { createWalletApp } from '../app.ts';
import { migrateWallet } from '../db/database.ts';

export const TEST_TOKEN = 'test-service-token';

export interface WalletFixture {
  database: Database;
  app: ReturnType<typeof createWalletApp>;
  logged: string[];
  call(method: string, path: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

export async function walletFixture(open: OpenTestDatabase): Promise<WalletFixture> {
  const database = await open();
  await migrateWallet(database.db);
  const logged: string[] = [];
  const app = createWalletApp({ db: database.db, serviceToken: TEST_TOKEN, log: (message, fields) => void logged.push(`${message} ${JSON.stringify(fields)}`) });
  return {
    database,
    app,
    logged,
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

/** A fresh wallet for each test of the block; after each, the ledger's invariants must hold before it is closed. */
export function walletPerTest(open: OpenTestDatabase): WalletFixture {
  return testFixture(
    () => walletFixture(open),
    async (f) => {
      expect(await ledgerViolations(f.database.db)).toEqual([]);
      await f.close();
    },
  );
}
