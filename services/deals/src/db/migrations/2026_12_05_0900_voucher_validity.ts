/**
 * One voucher validity per deal (issue 14 E): the fine print's "Voucher valid for N months" and
 * the expiry on the vouchers both come from deals.deal.voucher_validity_months. Existing deals keep
 * what their fine print said (3 months); the sentence leaves the stored fine print, which the
 * deal mapper now writes from the figure. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table deals.deal add column voucher_validity_months integer not null default 3
    check (voucher_validity_months between 1 and 36)`.execute(db);
  await sql`update deals.deal d set fine_print = coalesce((
      select jsonb_agg(e.value order by e.ordinality) from jsonb_array_elements(d.fine_print) with ordinality e
      where e.value #>> '{}' !~ '^Voucher valid for [0-9]+ months? from the date of purchase\\.$'), '[]'::jsonb)
    where exists (select 1 from jsonb_array_elements_text(d.fine_print) t where t ~ '^Voucher valid for [0-9]+ months? from the date of purchase\\.$')`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`update deals.deal set fine_print = jsonb_build_array('Voucher valid for ' || voucher_validity_months || ' months from the date of purchase.') || fine_print`.execute(db);
  await sql`alter table deals.deal drop column voucher_validity_months`.execute(db);
}
