import { defineConfig } from 'vitest/config';

// One vitest run over every package. Database tests run on PGlite, and also on the
// PostgreSQL server named by TEST_DATABASE_URL when it is set (CI sets it).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'services',
          include: ['services/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'gateway',
          include: ['gateway/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
