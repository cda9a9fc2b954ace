import { readdirSync, readFileSync } from 'node:fs';
import { hash as libraryHash, verify as libraryVerify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { createHashThreads } from './hash-threads.ts';
import { ARGON2_OPTIONS, ARGON2_PREFIX, createPasswordHasher } from './passwords.ts';

/** Nice value of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('password hashing threads (reliability L3)', () => {
  it('hashes and verifies with argon2id exactly as the library does', async () => {
    const hasher = createPasswordHasher({ concurrency: 1 });
    const stored = await hasher.hash('Thread-Pass-9 ü');
    expect(stored.startsWith(ARGON2_PREFIX)).toBe(true);
    expect(await libraryVerify(stored, 'Thread-Pass-9 ü')).toBe(true);
    expect(await hasher.verify(stored, 'Thread-Pass-9 ü')).toBe(true);
    expect(await hasher.verify(stored, 'Thread-Pass-9 u')).toBe(false);
    expect(await hasher.verify(await libraryHash('made-elsewhere', ARGON2_OPTIONS), 'made-elsewhere')).toBe(true);
    // An unreadable stored hash is a wrong password, never an error.
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
    expect(await hasher.dummyVerify('anything')).toBe(false);
  });

  it.runIf(process.platform === 'linux')('runs the hashes on a thread at a lower CPU priority, leaving the rest of the process at its own', async () => {
    const before = threadNiceValues();
    const threads = createHashThreads(ARGON2_OPTIONS, 10);
    const stored = await threads.run({ kind: 'hash', password: 'Nice-Pass-1' });
    expect(typeof stored).toBe('string');
    const after = threadNiceValues();
    expect(after.filter((n) => n === 10).length).toBe(before.filter((n) => n === 10).length + 1);
    // The calling thread (the first task listed is the process's main thread) keeps its priority.
    expect(after[0]).toBe(before[0]);
  });

  it('runs at most the allowed number of hashes at once and queues the rest in order', async () => {
    const threads = createHashThreads(ARGON2_OPTIONS, 0);
    threads.allow(2);
    const stored = await Promise.all(Array.from({ length: 5 }, (_, i) => threads.run({ kind: 'hash', password: `Queued-${i}` })));
    const checks = await Promise.all(stored.map((s, i) => threads.run({ kind: 'verify', stored: String(s), password: `Queued-${i}` })));
    expect(checks).toEqual([true, true, true, true, true]);
  });

  it('answers a library error as a failed request and keeps working', async () => {
    const threads = createHashThreads({ ...ARGON2_OPTIONS, memoryCost: 1 }, 0);
    // memoryCost below argon2's minimum: the library refuses it; the thread answers with the error.
    await expect(threads.run({ kind: 'hash', password: 'x' })).rejects.toThrow();
    await expect(threads.run({ kind: 'verify', stored: 'garbage', password: 'x' })).rejects.toThrow();
    expect(await threads.run({ kind: 'verify', stored: await libraryHash('y', ARGON2_OPTIONS), password: 'y' })).toBe(true);
  });

  it('fails the request of a thread that dies and starts a new one for the next', async () => {
    const threads = createHashThreads(ARGON2_OPTIONS, 0);
    const dying = threads.run({ kind: 'hash', password: 'cut-off' });
    await new Promise((r) => setTimeout(r, 5));
    await threads.close();
    await expect(dying).rejects.toThrow(/exited/);
    expect(String(await threads.run({ kind: 'hash', password: 'after' })).startsWith(ARGON2_PREFIX)).toBe(true);
  });
});
