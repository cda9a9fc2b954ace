/**
 * The environment module (issue 15 point 6): bad values stop the start naming the variable, and
 * README "Configuration" lists exactly the variables it reads.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POOL_SIZE } from './database.ts';
import { databaseSettings, ENVIRONMENT_VARIABLES, EnvironmentError, readEnvironment, serviceSettings } from './environment.ts';

describe('DB_POOL_SIZE', () => {
  it('defaults to 10 and takes a whole number from 1 to 200', () => {
    expect(readEnvironment({}).DB_POOL_SIZE ?? DEFAULT_POOL_SIZE).toBe(10);
    expect(readEnvironment({ DB_POOL_SIZE: '' }).DB_POOL_SIZE ?? DEFAULT_POOL_SIZE).toBe(10);
    expect(readEnvironment({ DB_POOL_SIZE: '1' }).DB_POOL_SIZE).toBe(1);
    expect(readEnvironment({ DB_POOL_SIZE: '24' }).DB_POOL_SIZE).toBe(24);
    expect(readEnvironment({ DB_POOL_SIZE: '200' }).DB_POOL_SIZE).toBe(200);
  });
  it.each(['0', '201', '2.5', 'ten', '-3'])('refuses %s, naming the setting', (raw) => {
    expect(() => readEnvironment({ DB_POOL_SIZE: raw })).toThrow(/DB_POOL_SIZE must be a whole number from 1 to 200/);
  });
});

describe('readEnvironment', () => {
  it('parses what it reads, with the fixed defaults, and ignores every other variable', () => {
    const env = readEnvironment({ PORT: '4100', TRUST_PROXY: '1', RESPONSE_CACHE_TTL_MS: '0', DATABASE_URL: 'postgres://u@h:5432/d', HOME: '/root', UNRELATED: 'x' });
    expect(env).toMatchObject({ PORT: 4100, TRUST_PROXY: true, RESPONSE_CACHE_TTL_MS: 0, DB_PREPARED_STATEMENTS: true, PAYMENT_SANDBOX_FAULTS: false, SEARCH_SYNC: true });
    expect(env).not.toHaveProperty('HOME');
    expect(databaseSettings(env)).toEqual({ url: 'postgres://u@h:5432/d', preparedStatements: true });
  });

  it('names every variable with a bad value, in one error', () => {
    let error: unknown;
    try {
      readEnvironment({ PORT: '99999', TRUST_PROXY: 'yes', PUBLIC_BASE_URL: 'shop.example', DATABASE_URL: 'mysql://x', JOBS_EVERY_MS: '10', NODE_ENV: 'prod' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvironmentError);
    const named = (error as EnvironmentError).problems.map((p) => p.variable).sort();
    expect(named).toEqual(['DATABASE_URL', 'JOBS_EVERY_MS', 'NODE_ENV', 'PORT', 'PUBLIC_BASE_URL', 'TRUST_PROXY']);
    expect((error as Error).message).toContain('PORT must be a port number (0–65535)');
    expect((error as Error).message).toContain('TRUST_PROXY must be 1 (on) or 0 (off)');
    // The VIP layout variant (spec §2): one of the three, named when not.
    expect(readEnvironment({ VIP_LAYOUT: 'two-buttons' }).VIP_LAYOUT).toBe('two-buttons');
    expect(() => readEnvironment({ VIP_LAYOUT: 'buttons' })).toThrow(/VIP_LAYOUT must be checkbox, two-buttons or show-no-vip/);
  });

  it('a service standing alone takes its own token before the shared one, and its base path', () => {
    expect(serviceSettings(readEnvironment({ SERVICE_TOKEN: 'shared', DEALS_SERVICE_TOKEN: 'own', DEALS_BASE_PATH: '/api/deals' }), 'deals')).toEqual({ serviceToken: 'own', basePath: '/api/deals' });
    expect(serviceSettings(readEnvironment({ SERVICE_TOKEN: 'shared' }), 'wallet')).toEqual({ serviceToken: 'shared', basePath: '' });
    expect(() => readEnvironment({ WALLET_BASE_PATH: 'api' })).toThrow(/WALLET_BASE_PATH must be empty or a path starting with \//);
  });
});

describe('README "Configuration"', () => {
  it('lists exactly the variables the environment module reads', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5));
    const documented = new Set<string>();
    for (const line of section.split('\n').filter((l) => l.startsWith('| `'))) {
      const firstCell = line.split('|')[1]!;
      for (const m of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) documented.add(m[1]!);
    }
    expect([...documented].filter((v) => !ENVIRONMENT_VARIABLES.includes(v)), 'in the README, read by nothing').toEqual([]);
    expect(ENVIRONMENT_VARIABLES.filter((v) => !documented.has(v)), 'read, missing from the README').toEqual([]);
  });
});
