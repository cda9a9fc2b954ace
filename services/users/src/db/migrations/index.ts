import type { Migration } from 'kysely/migration';
import * as createUsers from './2026_11_30_1000_create_users.ts';
import * as anonymiseConfirmToken from './2026_12_01_1000_anonymise_confirm_token.ts';

/** Every migration of the users schema, by name (run in name order). */
export const usersMigrations: Record<string, Migration> = {
  '2026_11_30_1000_create_users': { up: createUsers.up, down: createUsers.down },
  '2026_12_01_1000_anonymise_confirm_token': { up: anonymiseConfirmToken.up, down: anonymiseConfirmToken.down },
};
