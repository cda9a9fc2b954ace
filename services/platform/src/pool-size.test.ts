import { describe, expect, it } from 'vitest';
import { poolSizeFromEnv } from './database.ts';

describe('DB_POOL_SIZE', () => {
  it('defaults to 10 and takes a whole number from 1 to 200', () => {
    expect(poolSizeFromEnv(undefined)).toBe(10);
    expect(poolSizeFromEnv('')).toBe(10);
    expect(poolSizeFromEnv('1')).toBe(1);
    expect(poolSizeFromEnv('24')).toBe(24);
    expect(poolSizeFromEnv('200')).toBe(200);
  });
  it.each(['0', '201', '2.5', 'ten', '-3'])('refuses %s, naming the setting', (raw) => {
    expect(() => poolSizeFromEnv(raw)).toThrow(/DB_POOL_SIZE must be a whole number from 1 to 200/);
  });
});
