/**
 * The process's password-hashing threads (reliability L3, a login flood on 2 cores): every hash
 * runs on one of these, never on the event loop or libuv's shared pool, at a lower CPU priority
 * (nice HASH_THREAD_NICE on Linux). A flood of logins then takes only the CPU that browsing
 * leaves: measured with bench/login-flood.ts on PostgreSQL, the browse p95 under the flood went
 * from ×2.06 its baseline to a median of ×1.68 (×1.5 to ×2.15) at the same hashing rate
 * (bench/README.md).
 *
 * Shared by every hasher in the process (the hashers bound and queue their own work); a thread
 * starts on first use, up to the largest concurrency a hasher asked for, and does not keep the
 * process alive while idle. A thread that dies fails its request and is replaced on next use.
 */
import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';
import type { HashReply, HashRequest } from './hash-thread.ts';

/** Nice value of the hashing threads (0 normal, 19 lowest: they take only CPU nothing else wants). */
export const HASH_THREAD_NICE = 19;

interface Job {
  request: HashRequest;
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

export interface HashThreads {
  /** Lets `size` threads exist (never fewer than before). */
  allow(size: number): void;
  run(request: HashRequest): Promise<string | boolean>;
  /** Stops every thread; a request being computed fails. The next request starts a new thread. */
  close(): Promise<void>;
}

export function createHashThreads(options: Options, nice = HASH_THREAD_NICE): HashThreads {
  const threads: Thread[] = [];
  const queue: Job[] = [];
  let size = 1;

  function start(): Thread {
    const worker = new Worker(new URL('./hash-thread.ts', import.meta.url), { workerData: { options, nice } });
    const thread: Thread = { worker, job: null };
    const fail = (error: Error) => {
      const index = threads.indexOf(thread);
      if (index >= 0) threads.splice(index, 1);
      const job = thread.job;
      thread.job = null;
      job?.reject(error);
      drain();
    };
    worker.on('message', (reply: HashReply) => {
      const job = thread.job;
      thread.job = null;
      worker.unref();
      if (job) {
        if (reply.ok) job.resolve(reply.value);
        else job.reject(new Error(reply.message));
      }
      drain();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`password hashing thread exited (${code})`)));
    worker.unref();
    threads.push(thread);
    return thread;
  }

  function give(thread: Thread, job: Job) {
    thread.job = job;
    thread.worker.ref(); // a hash being computed keeps the process alive until it answers
    thread.worker.postMessage(job.request);
  }

  function drain() {
    while (queue.length > 0) {
      const thread = threads.find((t) => t.job === null) ?? (threads.length < size ? start() : null);
      if (!thread) return;
      give(thread, queue.shift()!);
    }
  }

  return {
    allow(n) {
      size = Math.max(size, n);
    },
    run(request) {
      return new Promise((resolve, reject) => {
        queue.push({ request, resolve, reject });
        drain();
      });
    },
    async close() {
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}
