/**
 * The expiry job as its own process, for the C5 kill test (expiry-crash.test.ts; not a test
 * file): DATABASE_URL, NOW (the job's clock), BATCH, and KILL_AT=point:n to SIGKILL itself the
 * n-th time it reaches that point. Prints how many vouchers it expired.
 */
import { openDatabase } from '@shop/platform';
import { expireVouchers, type ExpiryFaultPoint } from '../expiry.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL!, poolSize: 2 });
const [killPoint, killAt] = (process.env.KILL_AT ?? '').split(':');
let hits = 0;
const expired = await expireVouchers(database.db, new Date(process.env.NOW!), Number(process.env.BATCH ?? 500), (point: ExpiryFaultPoint) => {
  if (point === killPoint && ++hits === Number(killAt)) process.kill(process.pid, 'SIGKILL');
});
process.stdout.write(`${JSON.stringify({ expired })}\n`);
await database.close();
