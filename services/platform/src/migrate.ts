/**
 * Versioned migrations with Kysely's Migrator. Each service owns one Postgres schema
 * (`deals.*`, `basket.*`, …) and keeps its migration bookkeeping tables inside it.
 */
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResult } from 'kysely/migration';

export interface MigrateOptions {
  /** The service's Postgres schema, e.g. 'deals'. */
  schema: string;
  /** Migrations by name; they run in name order (use a timestamp prefix). */
  migrations: Record<string, Migration>;
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
    provider: { getMigrations: async () => options.migrations },
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
