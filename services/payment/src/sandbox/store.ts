/**
 * The sandboxes' own durable state (issue 14.1): a real provider remembers its transactions
 * across a restart, so a lookup after a crash tells the truth. Each sandbox keeps its records
 * (transactions, idempotent answers, nonces, vault, sessions…) in its own schema,
 * `payment_sandbox.record`, on the shop's database (PGlite or PostgreSQL), and loads them when it
 * starts. Writes are write-through: a sandbox flushes what an operation changed BEFORE it answers,
 * so nothing it answered is forgotten by a kill -9.
 *
 * Without a database (unit tests that build a sandbox alone) the state stays in memory.
 */
import { sql, type Kysely } from 'kysely';
import { migrate } from '@shop/platform';

export const SANDBOX_SCHEMA = 'payment_sandbox';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's one schema-agnostic handle
type AnyDb = Kysely<any>;

const sandboxMigrations = {
  '2026_12_05_1000_create_record': {
    up: async (db: AnyDb) => {
      await sql`
        create table payment_sandbox.record (
          provider text not null check (provider in ('braintree', 'klarna', 'clearpay')),
          kind text not null check (length(kind) between 1 and 40),
          id text not null check (length(id) between 1 and 512),
          seq bigserial not null,
          data jsonb not null,
          primary key (provider, kind, id)
        )`.execute(db);
    },
    down: async (db: AnyDb) => {
      await sql`drop table if exists payment_sandbox.record`.execute(db);
    },
  },
};

/** Creates or updates the sandboxes' schema (the shop runs it with the services' migrations). */
export async function migrateSandboxes(db: AnyDb): Promise<void> {
  await migrate(db, { schema: SANDBOX_SCHEMA, migrations: sandboxMigrations });
}

export type SandboxProvider = 'braintree' | 'klarna' | 'clearpay';
export type StoredRecord = { kind: string; id: string; data: unknown };

/**
 * One sandbox's records. `put` marks a record changed (the object itself: later mutations of it
 * before the flush are written too); `flush` writes every changed record in one statement.
 */
export class SandboxState {
  private dirty = new Map<string, StoredRecord>();
  private chain: Promise<void> = Promise.resolve();
  readonly provider: SandboxProvider;
  private readonly db: AnyDb | null;
  constructor(provider: SandboxProvider, db: AnyDb | null) {
    this.provider = provider;
    this.db = db;
  }

  get durable(): boolean {
    return this.db !== null;
  }

  /** Every stored record, oldest first (by first write). */
  async load(): Promise<StoredRecord[]> {
    if (!this.db) return [];
    const { rows } = await sql<{ kind: string; id: string; data: unknown }>`select kind, id, data from payment_sandbox.record where provider = ${this.provider} order by seq`.execute(this.db);
    return rows.map((r) => ({ kind: r.kind, id: r.id, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data }));
  }

  put(kind: string, id: string, data: unknown): void {
    if (!this.db) return;
    this.dirty.set(`${kind}\u0000${id}`, { kind, id, data });
  }

  /** Writes the changed records (serialised: flushes never overtake one another). */
  flush(): Promise<void> {
    if (!this.db || this.dirty.size === 0) return this.chain;
    const batch = [...this.dirty.values()];
    this.dirty.clear();
    const db = this.db;
    const write = async () => {
      const values = batch.map((r) => sql`(${this.provider}, ${r.kind}, ${r.id}, ${JSON.stringify(r.data)}::jsonb)`);
      try {
        await sql`insert into payment_sandbox.record (provider, kind, id, data) values ${sql.join(values)}
          on conflict (provider, kind, id) do update set data = excluded.data`.execute(db);
      } catch (error) {
        // Not written: kept for the next flush (unless changed again since).
        for (const r of batch) if (!this.dirty.has(`${r.kind}\u0000${r.id}`)) this.dirty.set(`${r.kind}\u0000${r.id}`, r);
        throw error;
      }
    };
    const run = this.chain.then(write);
    this.chain = run.catch(() => undefined);
    return run;
  }
}
