/**
 * The reminders job as its own process, for the C5 kill test (reminders-crash.test.ts; not a
 * test file): DATABASE_URL, NOW (the job's clock), HOLDER_EMAILS (JSON token → email: the users
 * service's accounts), and KILL_AT=point:n to SIGKILL itself at the n-th time it reaches that point.
 */
import { createOutboxMailer, openDatabase } from '@shop/platform';
import { remindExpiringVouchers, type ReminderFaultPoint } from '../reminders.ts';

const database = await openDatabase({ url: process.env.DATABASE_URL!, poolSize: 2 });
const emails = new Map(Object.entries(JSON.parse(process.env.HOLDER_EMAILS ?? '{}') as Record<string, string>));
const [killPoint, killAt] = (process.env.KILL_AT ?? '').split(':');
let hits = 0;
const result = await remindExpiringVouchers(
  {
    db: database.db,
    mailer: createOutboxMailer(database.db),
    now: () => new Date(process.env.NOW!),
    publicBaseUrl: 'https://shop.example',
    holderEmails: async (tokens) => new Map(tokens.filter((t) => emails.has(t)).map((t) => [t, emails.get(t)!])),
    fault: (point: ReminderFaultPoint) => {
      if (point === killPoint && ++hits === Number(killAt)) process.kill(process.pid, 'SIGKILL');
    },
  },
  Number(process.env.BATCH ?? 200),
);
process.stdout.write(`${JSON.stringify(result)}\n`);
await database.close();
