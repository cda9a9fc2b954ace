/**
 * The wish list alerts job as its own process, for the C5 kill test (alerts-crash.test.ts; not a
 * test file): DATABASE_URL, NOW (the job's clock), BATCH (deals per watch transaction), and
 * KILL_AT=point:n to SIGKILL itself the n-th time it reaches that point. The real deals and users
 * modules and the outbox mailer, as the shop wires them.
 */
import { createOutboxMailer, openDatabase } from '@shop/platform';
import { dealWatchStates } from '@shop/deals';
import { wishlistAlertRecipients } from '@shop/users';
import { alertWishlists, type AlertFaultPoint } from '../alerts.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL!, poolSize: 2 });
const [killPoint, killAt] = (process.env.KILL_AT ?? '').split(':');
let hits = 0;
const publicBaseUrl = 'https://shop.example';
const result = await alertWishlists(
  {
    db: database.db,
    mailer: createOutboxMailer(database.db),
    now: () => new Date(process.env.NOW!),
    publicBaseUrl,
    dealStates: (within, ids, now) => dealWatchStates(within, ids, now),
    recipients: (within, customerTokens, kind) => wishlistAlertRecipients(within, { customerTokens, kind, publicBaseUrl }),
    fault: (point: AlertFaultPoint) => {
      if (point === killPoint && ++hits === Number(killAt)) process.kill(process.pid, 'SIGKILL');
    },
  },
  Number(process.env.BATCH ?? 200),
);
process.stdout.write(`${JSON.stringify(result)}\n`);
await database.close();
