/**
 * The till's offline queue (scan-queue.ts) over fake-indexeddb (a third-party in-memory
 * IndexedDB). The "shop" here is a small stand-in with the vouchers service's attemptId rule: the
 * first answer per attemptId is stored and any later call with that id gets it again (the real rule
 * is tested in services/vouchers redemption.test.ts and gateway scan.test.ts). Shown:
 * - the same queue replayed twice (two tabs, or a crash after the send before the delete) gets the
 *   same answers and redeems once;
 * - a failure to reach the shop keeps the item and those after it; the next flush sends them;
 * - the order scanned is kept;
 * - a voucher redeemed elsewhere first answers "already redeemed".
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepScan, openScanQueue, retryDelay, type QueuedScan, type ScanQueue } from './scan-queue.ts';

type Answer = { result: 'redeemed' | 'already_redeemed'; scanned: string };

/** The shop's side: one redemption per voucher, the first answer per attemptId replayed. */
function shopStandIn() {
  const redeemed = new Set<string>();
  const answers = new Map<string, Answer>();
  const calls: string[] = [];
  let reachable = true;
  const send = async (scan: QueuedScan): Promise<Answer> => {
    if (!reachable) throw new TypeError('Failed to fetch');
    calls.push(scan.attemptId);
    const first = answers.get(scan.attemptId);
    if (first) return first;
    const answer: Answer = { result: redeemed.has(scan.scanned) ? 'already_redeemed' : 'redeemed', scanned: scan.scanned };
    redeemed.add(scan.scanned);
    answers.set(scan.attemptId, answer);
    return answer;
  };
  return { send, calls, redeemed, setReachable: (r: boolean) => (reachable = r) };
}

const scan = (scanned: string): QueuedScan => ({ attemptId: crypto.randomUUID(), businessId: 'B1', scanned, queuedAt: new Date().toISOString() });

describe('the offline scan queue', () => {
  const opened: ScanQueue[] = [];
  let n = 0;
  const queueFor = (name: string) => {
    const q = openScanQueue(name);
    opened.push(q);
    return q;
  };
  afterEach(() => {
    for (const q of opened.splice(0)) q.close();
  });

  it('replayed twice (two tabs of one device) gives the same answers and redeems each voucher once', async () => {
    const name = `till-${++n}`;
    const shop = shopStandIn();
    const tabA = queueFor(name);
    const tabB = queueFor(name);
    const scans = [scan('link-1'), scan('link-2')];
    for (const s of scans) await tabA.add(s);
    expect((await tabB.list()).map((s) => s.attemptId)).toEqual(scans.map((s) => s.attemptId));

    const seenA: [string, Answer][] = [];
    const seenB: [string, Answer][] = [];
    // Both tabs read the queue before either deletes: each sends both scans.
    await Promise.all([tabA.flush(shop.send, (s, a) => seenA.push([s.attemptId, a])), tabB.flush(shop.send, (s, a) => seenB.push([s.attemptId, a]))]);
    expect(seenA.length + seenB.length).toBeGreaterThanOrEqual(2);
    const byAttempt = new Map<string, Answer[]>();
    for (const [id, a] of [...seenA, ...seenB]) byAttempt.set(id, [...(byAttempt.get(id) ?? []), a]);
    for (const s of scans) {
      const answers = byAttempt.get(s.attemptId)!;
      expect(answers.length).toBeGreaterThanOrEqual(1);
      for (const a of answers) expect(a).toEqual({ result: 'redeemed', scanned: s.scanned });
    }
    expect(await tabA.list()).toEqual([]);
    expect([...shop.redeemed]).toEqual(['link-1', 'link-2']);
  });

  it('a crash after the send and before the delete: the next flush sends it again and shows the same answer', async () => {
    const name = `till-${++n}`;
    const shop = shopStandIn();
    const q = queueFor(name);
    const s = scan('link-9');
    await q.add(s);
    // The first device's send reached the shop, then the tab died before deleting.
    const firstAnswer = await shop.send(s);
    const answers: Answer[] = [];
    await q.flush(shop.send, (_s, a) => answers.push(a));
    expect(answers).toEqual([firstAnswer]);
    expect(firstAnswer.result).toBe('redeemed');
    expect(shop.calls).toEqual([s.attemptId, s.attemptId]);
    expect(await q.list()).toEqual([]);
  });

  it('a failure to reach the shop keeps the item (and those after it) in order; the next flush sends them', async () => {
    const name = `till-${++n}`;
    const shop = shopStandIn();
    const q = queueFor(name);
    const scans = [scan('a'), scan('b'), scan('c')];
    for (const s of scans) await q.add(s);
    // The same attempt added again (its retry failed too) stays one item.
    await q.add(scans[1]!);
    shop.setReachable(false);
    const none: string[] = [];
    expect(await q.flush(shop.send, (x) => none.push(x.scanned))).toEqual({ sent: 0, kept: 3 });
    expect(none).toEqual([]);
    expect((await q.list()).map((s) => s.scanned)).toEqual(['a', 'b', 'c']);

    shop.setReachable(true);
    const order: string[] = [];
    expect(await q.flush(shop.send, (x) => order.push(x.scanned))).toEqual({ sent: 3, kept: 0 });
    expect(order).toEqual(['a', 'b', 'c']);
    expect(await q.list()).toEqual([]);
  });

  it('signed out keeps every scan (nothing decided); a scan of another account\'s business waits while the rest are sent', async () => {
    const name = `till-${++n}`;
    const shop = shopStandIn();
    const q = queueFor(name);
    const mine = scan('a');
    const theirs = { ...scan('b'), businessId: 'B2' };
    const alsoMine = scan('c');
    for (const s of [mine, theirs, alsoMine]) await q.add(s);
    const signedOut = async () => {
      throw new KeepScan(true, 'signed out');
    };
    expect(await q.flush(signedOut, () => {})).toEqual({ sent: 0, kept: 3 });
    expect((await q.list()).map((s) => s.scanned)).toEqual(['a', 'b', 'c']);
    const asMember = async (x: QueuedScan) => {
      if (x.businessId !== 'B1') throw new KeepScan(false, 'another account’s business');
      return shop.send(x);
    };
    const answered: string[] = [];
    expect(await q.flush(asMember, (x) => answered.push(x.scanned))).toEqual({ sent: 2, kept: 1 });
    expect(answered).toEqual(['a', 'c']);
    expect((await q.list()).map((s) => s.scanned)).toEqual(['b']);
  });

  it('a voucher another till redeemed before the queue was sent answers already redeemed', async () => {
    const shop = shopStandIn();
    const q = queueFor(`till-${++n}`);
    await q.add(scan('link-x'));
    await shop.send(scan('link-x')); // the counter's other till, online
    const answers: Answer[] = [];
    await q.flush(shop.send, (_s, a) => answers.push(a));
    expect(answers).toEqual([{ result: 'already_redeemed', scanned: 'link-x' }]);
  });

  it('retries back off from 2 s to at most a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});
