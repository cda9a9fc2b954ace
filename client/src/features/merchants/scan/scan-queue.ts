/**
 * The till's offline queue (issue 17 point 3: "scanning works with no signal"). A scan made with no
 * signal (or whose request failed on the way) is kept in IndexedDB with the attemptId it was first
 * sent with; when the device is back online each one is sent again with that same id, in the order
 * scanned. The vouchers service answers a repeated attemptId with its first answer and redeems
 * nothing more, so every queued scan is answered exactly once whatever happens on the device: two
 * tabs flushing the same queue, or a crash after the send and before the delete, both get the same
 * answer again (a code another till redeemed first answers "already redeemed").
 *
 * An item leaves the queue only after an answer about the voucher (redeemed, refused, not found); a
 * failure to reach the shop keeps it and the items after it (order kept), for the next flush. The
 * sender may also keep an item by throwing KeepScan: blocking (the merchant is signed out: nothing
 * can be sent until they sign in again) or not (a scan for a business the signed-in account is not
 * a member of — another account's, on a shared device — waits for that account; the rest go on).
 *
 * Storage: this is the merchant's own working data on a device they run the till on (strictly
 * necessary for the service they asked for, PECR's exception), never analytics; nothing is kept
 * once answered.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface QueuedScan {
  /** The device's id of this attempt (crypto.randomUUID()): the server's replay key. */
  attemptId: string;
  /** MerchantBusiness.id the scan was made for. */
  businessId: string;
  /** What the camera read (a redemption link, or a bare code). */
  scanned: string;
  /** ISO 8601. */
  queuedAt: string;
}

interface TillDb extends DBSchema {
  scans: { key: number; value: QueuedScan & { seq?: number } };
}

const TILL_DB = 'thistle-deals-till';

/** Thrown by a sender to keep a scan the shop answered but did not decide (see above). */
export class KeepScan extends Error {
  readonly blocking: boolean;
  constructor(blocking: boolean, message: string) {
    super(message);
    this.name = 'KeepScan';
    this.blocking = blocking;
  }
}

/** Sends one queued scan; resolves with the shop's answer, rejects when the shop could not be reached (or with KeepScan). */
type SendScan<A> = (scan: QueuedScan) => Promise<A>;

export interface ScanQueue {
  /** Keeps a scan (with the attemptId it may already have been sent with). */
  add(scan: QueuedScan): Promise<void>;
  /** The queued scans, oldest first. */
  list(): Promise<QueuedScan[]>;
  /**
   * Sends every queued scan in order, deleting each after its answer (reported to `answered`);
   * stops at the first that cannot be sent (kept, with everything after it). One flush at a time
   * per queue: a flush asked for while one runs joins it.
   */
  flush<A>(send: SendScan<A>, answered: (scan: QueuedScan, answer: A) => void): Promise<{ sent: number; kept: number }>;
  close(): void;
}

export function openScanQueue(name: string = TILL_DB): ScanQueue {
  let db: Promise<IDBPDatabase<TillDb>> | null = null;
  const open = () =>
    (db ??= openDB<TillDb>(name, 1, {
      upgrade(database) {
        // An increasing key keeps the order scanned.
        database.createObjectStore('scans', { keyPath: 'seq', autoIncrement: true });
      },
    }));
  let running: Promise<{ sent: number; kept: number }> | null = null;

  const entries = async () => {
    const all = await (await open()).getAll('scans');
    return all.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  };
  const plain = ({ attemptId, businessId, scanned, queuedAt }: QueuedScan): QueuedScan => ({ attemptId, businessId, scanned, queuedAt });

  return {
    async add(scan) {
      const store = (await open()).transaction('scans', 'readwrite').store;
      // The same attempt twice (a retry that failed again) stays one item.
      for await (const cursor of store.iterate()) if (cursor.value.attemptId === scan.attemptId) return;
      await store.add(plain(scan));
    },
    async list() {
      return (await entries()).map(plain);
    },
    flush(send, answered) {
      running ??= (async () => {
        let sent = 0;
        let waiting = 0;
        const items = await entries();
        for (const [i, item] of items.entries()) {
          let answer;
          try {
            answer = await send(plain(item));
          } catch (error) {
            if (error instanceof KeepScan && !error.blocking) {
              waiting += 1;
              continue;
            }
            return { sent, kept: waiting + items.length - i };
          }
          await (await open()).delete('scans', item.seq!);
          sent += 1;
          answered(plain(item), answer);
        }
        return { sent, kept: waiting };
      })().finally(() => {
        running = null;
      });
      return running as Promise<{ sent: number; kept: number }>;
    },
    close() {
      void db?.then((d) => d.close());
      db = null;
    },
  };
}

/** The wait before the next retry after `failures` failed flushes: 2 s, 4 s, 8 s … at most a minute. */
export function retryDelay(failures: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));
}
