/**
 * Serves the deals service alone on 127.0.0.1:PORT (loopback only: reliability Z5).
 *   DEALS_SERVICE_TOKEN=… PORT=4101 node services/deals/src/server.ts
 * DATABASE_URL selects PostgreSQL; otherwise PGlite under DATA_DIR (default ./data/pglite).
 */
import { runStandalone } from '@shop/platform';
import { createDealsApp } from './app.ts';
import { migrateDeals } from './db/database.ts';
import { ensureGiftCardDeal } from './seed/gift-card.ts';
import { ensureGiftTags } from './gifts/gift-tags.ts';
import { ensureCampaigns } from './campaigns/campaigns.store.ts';
import { seedIfEmpty } from './seed/seed.ts';

await runStandalone({
  name: 'deals',
  defaultPort: 4101,
  migrate: async ({ db }) => {
    await migrateDeals(db);
    if (await seedIfEmpty(db)) console.log('Seeded the default catalogue.');
    await ensureGiftCardDeal(db);
    await ensureGiftTags(db);
    // The /welcome landing page's campaigns (issue 19 point 8).
    await ensureCampaigns(db);
  },
  createApp: ({ database, serviceToken, basePath }) => createDealsApp({ db: database.db, serviceToken, basePath }),
});
