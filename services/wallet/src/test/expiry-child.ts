/**
 * The wallet credit expiry job as its own process, for the C5 kill test (expiry-crash.test.ts; not
 * a test file): DATABASE_URL, NOW (the job's clock), BATCH, and KILL_AT=point:n to SIGKILL itself
 * the n-th time it reaches that point ('before-commit': inside an account's transaction, its
 * posting written; 'after-commit': just after). Prints how many lots it expired.
 */
import { openDatabase } from '@shop/platform';
import { expireWalletCredit, type CreditExpiryFaultPoint } from '../expiry.ts';
import type { WalletDb } from '../db/database.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL!, poolSize: 2 });
const [killPoint, killAt] = (process.env.KILL_AT ?? '').split(':');
let hits = 0;
const result = await expireWalletCredit(database.db as unknown as WalletDb, {
  now: new Date(process.env.NOW!),
  batch: Number(process.env.BATCH ?? 200),
  fault: (point: CreditExpiryFaultPoint) => {
    if (point === killPoint && ++hits === Number(killAt)) process.kill(process.pid, 'SIGKILL');
  },
});
process.stdout.write(`${JSON.stringify(result)}\n`);
await database.close();
