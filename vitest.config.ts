import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run over every package. Database tests run on PGlite, and also on the
// PostgreSQL server named by TEST_DATABASE_URL when it is set (CI sets it).
//
// Tests that measure time (enumeration parity: same median time for registered and unknown
// emails) or kill processes on a clock (PGlite crash loops) run alone, one file at a time, in a
// group of their own (sequence.groupOrder; vitest 5 runs that group before the others): on two
// cores, the money tests' concurrent buyers would otherwise be what they measure.
const TIMED = ['services/users/src/accounts/enumeration.test.ts', 'services/platform/src/database.test.ts'];

export default defineConfig({
  test: {
    // Two test files at once on two cores. Vitest 5's own default in a run is the cores less one,
    // which is ONE worker on the two-core CI machine: every file waited for the one before, while
    // most of a file's time is spent waiting on HTTP, PostgreSQL and child processes. At most four,
    // so a large workstation does not open more PostgreSQL connections than the server allows.
    maxWorkers: Math.max(1, Math.min(4, availableParallelism())),
    // No request line per request in the tests (thousands of them would bury the results); the
    // shops and services the tests start as processes inherit it. Warnings and errors still show.
    env: { LOG_REQUESTS: '0' },
    projects: [
      'client/vitest.config.ts',
      { test: { name: 'domain', include: ['domain/src/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'services',
          include: ['services/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...TIMED],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'gateway',
          include: ['gateway/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'timed',
          include: TIMED,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
