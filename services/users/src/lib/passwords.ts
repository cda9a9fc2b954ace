/**
 * Password hashing: argon2id with m = 19456 KiB, t = 2, p = 1 (OWASP Password Storage minimum;
 * reliability A4), through a bounded pool: at most `concurrency` hashes at once (default 2, the
 * cores of the box) and at most `maxWaiting` waiting (default 16); past that, HashBusyError and
 * the route answers 429 with Retry-After (reliability L3: a login flood cannot take the CPU or
 * 19 MiB × N of memory). The hashes run on the process's low-priority hashing threads
 * (hash-threads.ts), so a flood takes only the CPU that browsing leaves. Passwords are hashed
 * exactly as received (ASVS 6.2.8: no trim, no case change, no normalisation).
 */
import { hash, parseOptions, type Algorithm, type Options } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { randomToken } from './crypto.ts';
import { createHashThreads, type HashThreads } from './hash-threads.ts';

/**
 * Hashes at once by default: 2, but never every core of the machine (one core is left for
 * everything else, reliability L3: on a 2-core box a login flood with 2 hashes at once took
 * both cores and the browse p95 went from 0.4 s to 4 s).
 */
export const DEFAULT_HASH_CONCURRENCY = Math.max(1, Math.min(2, availableParallelism() - 1));

/** `Algorithm.Argon2id` (a const enum, which type stripping cannot read). */
const ARGON2ID = 2 as Algorithm;
/** `Version.V0x13` (19). */
const VERSION_19 = 1;

export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };
/** What every stored hash starts with (reliability A4). */
export const ARGON2_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

export class HashBusyError extends Error {
  readonly retryAfterSeconds = 1;
  constructor() {
    super('Too many password checks are waiting');
    this.name = 'HashBusyError';
  }
}

export interface PasswordHashingOptions {
  /** Hashes computed at once (default DEFAULT_HASH_CONCURRENCY: 2, at most the cores less one). */
  concurrency?: number;
  /** Hashes allowed to wait for a slot (default 16); more → HashBusyError. */
  maxWaiting?: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for an unreadable stored hash. */
  verify(stored: string, password: string): Promise<boolean>;
  /** Costs what `verify` costs and is always false: for unknown emails and accounts without a password. */
  dummyVerify(password: string): Promise<false>;
  /** The stored hash was made with weaker parameters than today's. */
  needsRehash(stored: string): boolean;
  /** Hashes running and waiting (for tests and metrics). */
  load(): { active: number; waiting: number };
  /**
   * Every slot busy and the waiting line full: a hash asked for now would be refused. Routes
   * check it first, so a flood is turned away before it costs a database round trip.
   */
  full(): boolean;
}

let sharedThreads: HashThreads | undefined;

export function createPasswordHasher(options: PasswordHashingOptions = {}): PasswordHasher {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_HASH_CONCURRENCY);
  const threads = (sharedThreads ??= createHashThreads(ARGON2_OPTIONS));
  threads.allow(concurrency);
  const maxWaiting = Math.max(0, options.maxWaiting ?? 16);
  let active = 0;
  const waiting: Array<() => void> = [];

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (active >= concurrency) {
      if (waiting.length >= maxWaiting) throw new HashBusyError();
      // The finishing hash hands its slot straight to us (active stays counted).
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      active++;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  }

  // Made once, outside the pool, so that the first unknown email costs no more than the next.
  const dummy = hash(randomToken(), ARGON2_OPTIONS);
  dummy.catch(() => undefined); // awaited (and rethrown) by dummyVerify; never an unhandled rejection

  const safeVerify = async (stored: string, password: string) => {
    try {
      return (await threads.run({ kind: 'verify', stored, password })) === true;
    } catch {
      return false;
    }
  };

  return {
    hash: (password) => slot(async () => String(await threads.run({ kind: 'hash', password }))),
    verify: (stored, password) => slot(() => safeVerify(stored, password)),
    async dummyVerify(password) {
      const stored = await dummy;
      await slot(() => safeVerify(stored, password));
      return false;
    },
    needsRehash(stored) {
      try {
        const p = parseOptions(stored);
        return (
          p.algorithm !== ARGON2ID ||
          p.version !== VERSION_19 ||
          p.memoryCost < ARGON2_OPTIONS.memoryCost! ||
          p.timeCost < ARGON2_OPTIONS.timeCost! ||
          p.parallelism !== ARGON2_OPTIONS.parallelism
        );
      } catch {
        return true;
      }
    },
    load: () => ({ active, waiting: waiting.length }),
    full: () => active >= concurrency && waiting.length >= maxWaiting,
  };
}
