import type { Migration } from 'kysely/migration';
import * as createUsers from './2026_11_30_1000_create_users.ts';
import * as anonymiseConfirmToken from './2026_12_01_1000_anonymise_confirm_token.ts';
import * as signInThrottle from './2026_12_05_1000_sign_in_throttle.ts';
import * as vipMembership from './2026_12_05_1400_vip_membership.ts';
import * as staffKeys from './2026_12_10_1000_staff_keys.ts';

/** Every migration of the users schema, by name (run in name order). */
export const usersMigrations: Record<string, Migration> = {
  '2026_11_30_1000_create_users': { up: createUsers.up, down: createUsers.down },
  '2026_12_01_1000_anonymise_confirm_token': { up: anonymiseConfirmToken.up, down: anonymiseConfirmToken.down },
  '2026_12_05_1000_sign_in_throttle': { up: signInThrottle.up, down: signInThrottle.down },
  '2026_12_05_1400_vip_membership': { up: vipMembership.up, down: vipMembership.down },
  '2026_12_10_1000_staff_keys': { up: staffKeys.up, down: staffKeys.down },
};
