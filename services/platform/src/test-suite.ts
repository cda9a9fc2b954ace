/**
 * One fixture for the tests of a describe block: started once before them (beforeAll), closed
 * after them (afterAll, only if it started), and reached through the handle returned at once,
 * which stands for the fixture from its start on:
 *
 *   describe.each(testDatabases())('… on %s', (_name, open) => {
 *     const f = suiteFixture(() => dealsFixture(open, 60), (fixture) => fixture.database.close());
 *     it('…', async () => { await f.get('/locations'); });
 *   });
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export function suiteFixture<T extends object>(start: () => Promise<T>, close: (fixture: T) => unknown): T {
  return fixtureAround(beforeAll, afterAll, start, close);
}

/** The same, but a fresh fixture for each test of the block (beforeEach, afterEach). */
export function testFixture<T extends object>(start: () => Promise<T>, close: (fixture: T) => unknown): T {
  return fixtureAround(beforeEach, afterEach, start, close);
}

function fixtureAround<T extends object>(before: typeof beforeAll, after: typeof afterAll, start: () => Promise<T>, close: (fixture: T) => unknown): T {
  let current: T | undefined;
  before(async () => {
    current = await start();
  });
  after(async () => {
    const fixture = current;
    current = undefined;
    if (fixture) await close(fixture);
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!current) throw new Error(`the fixture is not started (reading ${String(key)} outside its tests and hooks)`);
      // Read from the fixture itself, and its methods bound to it (a class's private fields need their own `this`).
      const value: unknown = Reflect.get(current, key, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
