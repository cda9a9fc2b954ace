/**
 * Background jobs that are safe with any number of shop processes on one database
 * (architecture.md "More than one machine"): each run of a job first takes the job's lease, a row
 * in `jobs.job_lease` claimed by one conditional upsert, so at most one process runs a given job at
 * a time and each item the job handles is handled once. A process that dies mid-run holds the
 * lease only until it lapses (`leaseMs`); the next run anywhere then takes it over.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { schemaMigrations } from '../migrate.ts';

export const JOBS_SCHEMA = 'jobs';

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: jobMigrations, migrate: migrateJobs } = schemaMigrations(JOBS_SCHEMA, new URL('./migrations/', import.meta.url));

/** This process's name in the lease table: host, pid and a random tail (a restarted pid differs). */
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Takes the lease of `name` for `leaseMs` when it is free, lapsed, or already ours; true when this
 * process now holds it. One statement, so two processes can never both win.
 */
export async function takeLease<DB>(db: Kysely<DB>, name: string, leaseMs: number, owner = PROCESS_ID, now = new Date()): Promise<boolean> {
  const until = new Date(now.getTime() + leaseMs);
  const { rows } = await sql<{ owner: string }>`
    insert into jobs.job_lease as l (name, owner, leased_until, runs, last_started_at)
    values (${name}, ${owner}, ${until}, 1, ${now})
    on conflict (name) do update
      set owner = excluded.owner, leased_until = excluded.leased_until, runs = l.runs + 1, last_started_at = excluded.last_started_at
      where l.leased_until <= ${now} or l.owner = excluded.owner
    returning owner`.execute(db);
  return rows.length === 1;
}

/** Gives the lease back at the end of a run, so the next run may be any process's. */
export async function releaseLease<DB>(db: Kysely<DB>, name: string, owner = PROCESS_ID, now = new Date()): Promise<void> {
  await sql`update jobs.job_lease set leased_until = ${now}, last_finished_at = ${now} where name = ${name} and owner = ${owner}`.execute(db);
}

/** One run of a job under its lease: false (nothing run) when another process holds it. */
export async function runLeased<DB>(db: Kysely<DB>, name: string, run: () => Promise<unknown>, { leaseMs = DEFAULT_JOB_LEASE_MS, owner = PROCESS_ID } = {}): Promise<boolean> {
  if (!(await takeLease(db, name, leaseMs, owner))) return false;
  try {
    await run();
  } finally {
    await releaseLease(db, name, owner);
  }
  return true;
}

export interface JobLogger {
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface LeasedJobOptions<DB> {
  db: Kysely<DB>;
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  logger: JobLogger;
  /** How long a run may hold the lease before another process may take over (default 5 min). */
  leaseMs?: number;
  /** The lease holder's name (default this process). */
  owner?: string;
}

export const DEFAULT_JOB_LEASE_MS = 5 * 60 * 1000;

/**
 * Runs `run` every `everyMs` while this process holds the job's lease: never on top of its own
 * previous run, never at the same time as another process's run of the same job. Failures are
 * logged; `stop()` clears the timer and waits for a run in progress.
 */
export function everyLeased<DB>({ db, name, everyMs, run, logger, leaseMs = DEFAULT_JOB_LEASE_MS, owner = PROCESS_ID }: LeasedJobOptions<DB>) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runLeased(db, name, run, { leaseMs, owner })
      .then(() => undefined)
      .catch((error: unknown) => logger.error(`Background job failed: ${name}`, { error: String(error) }))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
