import type { Migration } from 'kysely/migration';
import * as createUsers from './2026_11_30_1000_create_users.ts';

/** Every migration of the users schema, by name (run in name order). */
export const usersMigrations: Record<string, Migration> = {
  '2026_11_30_1000_create_users': { up: createUsers.up, down: createUsers.down },
};
