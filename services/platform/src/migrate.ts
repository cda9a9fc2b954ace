/**
 * Versioned migrations with Kysely's Migrator. Each service owns one Postgres schema
 * (`deals.*`, `basket.*`, …) and keeps its migration bookkeeping tables inside it.
 */
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider, type MigrationResult } from 'kysely/migration';

export interface MigrateOptions {
  /** The service's Postgres schema, e.g. 'deals'. */
  schema: string;
  /** Migrations by name, or what reads them (migrationsIn); they run in name order (use a timestamp prefix). */
  migrations: Record<string, Migration> | MigrationProvider;
}

/** A migration file: `YYYY_MM_DD_HHMM_what.ts`, exporting `up` and `down`. */
const MIGRATION_FILE = /^\d{4}_\d{2}_\d{2}_\d{4}_[a-z0-9_]+\.ts$/;

/**
 * The migrations of a folder (a `file:` URL of it, ending in '/'): each migration file in it,
 * named by its file name without `.ts` (the name Kysely records, so never rename a file that has
 * run). A new migration is a new file; no list to keep in step.
 */
export function migrationsIn(folder: URL): MigrationProvider {
  return {
    async getMigrations() {
      const files = (await readdir(fileURLToPath(folder))).filter((f) => MIGRATION_FILE.test(f)).sort();
      const modules = await Promise.all(files.map(async (f) => [f.slice(0, -'.ts'.length), (await import(new URL(f, folder).href)) as Migration] as const));
      return Object.fromEntries(modules.map(([name, m]) => [name, { up: m.up, down: m.down }]));
    },
  };
}

/**
 * A schema's migrations (the files of `folder`, migrationsIn) and its `migrateX(db)`, which brings
 * the schema to the latest of them: what each service's database.ts exports.
 */
export function schemaMigrations(schema: string, folder: URL): { migrations: MigrationProvider; migrate: <DB>(db: Kysely<DB>) => Promise<void> } {
  const migrations = migrationsIn(folder);
  return {
    migrations,
    migrate: async (db) => {
      await migrate(db, { schema, migrations });
    },
  };
}

/** Runs steps that migrate (or seed) one database one after the other, in the order given. */
export async function migrateInOrder<DB>(db: Kysely<DB>, steps: ReadonlyArray<(db: Kysely<DB>) => Promise<unknown>>): Promise<void> {
  for (const step of steps) await step(db);
}

/**
 * Runs every pending migration; throws with the failing migration's name on error. Takes the
 * handle whatever its schema type: the migrations themselves see it as Kysely<any>.
 */
export async function migrate<DB>(db: Kysely<DB>, options: MigrateOptions): Promise<MigrationResult[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error(`Invalid schema name ${options.schema}`);
  await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
  const migrator = new Migrator({
    db,
    provider: isProvider(options.migrations) ? options.migrations : { getMigrations: async () => options.migrations as Record<string, Migration> },
    migrationTableSchema: options.schema,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} of schema ${options.schema} failed: ${message}`, { cause: error });
  }
  return results;
}

function isProvider(m: MigrateOptions['migrations']): m is MigrationProvider {
  return typeof (m as Partial<MigrationProvider>).getMigrations === 'function';
}
