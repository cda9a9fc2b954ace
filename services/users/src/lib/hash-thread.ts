/**
 * A password-hashing thread (see hash-threads.ts): argon2id, one request at a time, on a thread
 * whose CPU priority is lowered once at start. On Linux a nice value belongs to the thread, so
 * only this thread yields; the shop's event loop and PostgreSQL keep theirs.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync, type Options } from '@node-rs/argon2';

export type HashRequest = { kind: 'hash'; password: string } | { kind: 'verify'; stored: string; password: string };
export type HashReply = { ok: true; value: string | boolean } | { ok: false; message: string };

const { options, nice } = workerData as { options: Options; nice: number };

// Elsewhere setpriority(PRIO_PROCESS, 0) would lower the whole process, not this thread.
if (process.platform === 'linux' && nice > 0) {
  try {
    setPriority(0, nice);
  } catch {
    // A container may forbid it; hashing still works at the normal priority.
  }
}

parentPort!.on('message', (request: HashRequest) => {
  let reply: HashReply;
  try {
    reply =
      request.kind === 'hash'
        ? { ok: true, value: hashSync(request.password, options) }
        : { ok: true, value: verifySync(request.stored, request.password) };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
