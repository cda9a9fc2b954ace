import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES } from './error-codes.ts';

describe('error codes', () => {
  it('every code has British-English copy', () => {
    for (const code of ERROR_CODES) expect(ERROR_MESSAGES[code].length).toBeGreaterThan(10);
  });

  it('the GraphQL ErrorCode enum lists exactly the domain codes', () => {
    const sdl = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    const body = /enum ErrorCode \{([^}]*)\}/.exec(sdl)?.[1] ?? '';
    const values = body
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => /^[A-Z_]+$/.test(l));
    expect(values.sort()).toEqual([...ERROR_CODES].sort());
  });
});
