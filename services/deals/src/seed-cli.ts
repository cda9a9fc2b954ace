/**
 * Writes a deterministic catalogue:
 *   node services/deals/src/seed-cli.ts --deals N [--seed S] [--database-url URL] [--data-dir DIR]
 * Without a URL (flag or DATABASE_URL) it writes to PGlite under ./data/pglite.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '@shop/platform';
import { migrateDeals } from './db/database.ts';
import { DEFAULT_DEAL_COUNT, DEFAULT_SEED, seedDeals } from './seed/seed.ts';

const { values } = parseArgs({
  options: {
    deals: { type: 'string', default: String(DEFAULT_DEAL_COUNT) },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const deals = Number(values.deals);
const seed = Number(values.seed);
if (!Number.isInteger(deals) || deals < 0 || !Number.isInteger(seed)) {
  console.error('Usage: seed-cli.ts --deals N [--seed S] [--database-url URL] [--data-dir DIR]');
  process.exit(2);
}
const database = await openDatabase({
  ...(values['database-url'] ? { url: values['database-url'] } : {}),
  ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
});
try {
  const started = performance.now();
  await migrateDeals(database.db);
  const result = await seedDeals(database.db, { deals, seed, log: (m) => console.log(`  ${m}`) });
  console.log(
    `Seeded ${result.deals} deals, ${result.products} products, ${result.merchants} merchants, ${result.images} images ` +
      `on ${database.dialect} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
}
