import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { graphql } from 'react-relay';
import { Link } from 'react-router';
import { useCommit } from '../../../relay/use-commit.ts';
import type { ScannerRedeemMutation } from '../../../__generated__/ScannerRedeemMutation.graphql';
import { readRedeemResult, redemptionWords, useUndoRedemption, type RedeemResult } from '../till-answers.ts';
import { londonClock } from '../till-words.ts';
import { createQrDecoder, type QrDecoder } from './qr-decoder.ts';
import { KeepScan, openScanQueue, retryDelay, type QueuedScan, type ScanQueue } from './scan-queue.ts';
import './scan.css';

const redeemMutation = graphql`
  mutation ScannerRedeemMutation($input: RedeemScannedVoucherInput!) {
    redeemScannedVoucher(input: $input) {
      ...tillAnswers_redeemResult
    }
  }
`;


/** One result as the till shows it (the latest big, the earlier ones listed). */
interface Outcome {
  id: string;
  kind: 'redeemed' | 'refused' | 'queued' | 'undone';
  text: string;
  /** Sent from the device's queue. */
  fromQueue: boolean;
  undo: { businessId: string; voucherId: string; until: string } | null;
}

/** The same QR held in front of the camera is one redemption: it counts again only once out of sight this long. */
const SAME_CODE_PAUSE_MS = 4_000;
/** How often a frame is read. */
const FRAME_MS = 250;

type CameraState = { kind: 'starting' } | { kind: 'on' } | { kind: 'off' } | { kind: 'refused' } | { kind: 'absent' } | { kind: 'failed' };

function outcomeOf(answer: RedeemResult, businessId: string, fromQueue: boolean): Omit<Outcome, 'id'> {
  const words = redemptionWords(answer, 'This QR code is not a voucher of this business.');
  return { kind: words.kind, text: words.text, fromQueue, undo: words.undo ? { businessId, ...words.undo } : null };
}

/**
 * The till's camera (issue 17 point 3): the rear camera's preview, each voucher QR read once
 * (the same one again only after a pause), redeemed for the chosen business and the result shown
 * big and announced; Undo within the 15 minutes, as the typed till. With no signal a scan is kept
 * on the device (scan-queue.ts) and sent, with the attemptId it was made with, when the device is
 * back online (the `online` event, on opening the page, and retries backing off), each answered
 * exactly once. A refused or missing camera says so and offers the typed till.
 */
export function Scanner({ businessId, typedTill }: { businessId: string; typedTill: string }) {
  const [redeem] = useCommit<ScannerRedeemMutation, RedeemResult>(redeemMutation, (r) => readRedeemResult(r.redeemScannedVoucher));
  const undo = useUndoRedemption();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [cameraState, setCamera] = useState<CameraState>({ kind: 'starting' });
  const [wanted, setWanted] = useState(true);
  // Each "Start camera" asks again (after a refusal the browser may allow it now).
  const [starts, setStarts] = useState(0);
  const camera: CameraState = wanted ? cameraState : { kind: 'off' };
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [queued, setQueued] = useState(0);
  const [undoing, setUndoing] = useState(false);
  const headingId = useId();
  const queueRef = useRef<ScanQueue | null>(null);
  const lastRef = useRef<{ text: string; at: number } | null>(null);

  const show = useCallback((o: Omit<Outcome, 'id'>) => setOutcomes((list) => [{ ...o, id: crypto.randomUUID() }, ...list].slice(0, 10)), []);
  const queue = () => (queueRef.current ??= openScanQueue());
  const refreshCount = useCallback(async () => setQueued((await queue().list()).length), []);

  const send = useCallback((scan: QueuedScan, channel: 'QR' | 'OFFLINE') => redeem({ input: { businessId: scan.businessId, scanned: scan.scanned, channel, attemptId: scan.attemptId } }), [redeem]);

  // The queue: sent on opening the page, when the device is back online, and retried with backoff.
  const failures = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flushRef = useRef<() => Promise<void>>(async () => {});
  const flush = useCallback(async () => {
    if (retryTimer.current) clearTimeout(retryTimer.current);
    retryTimer.current = null;
    const { kept } = await queue().flush(
      async (scan) => {
        const answer = await send(scan, 'OFFLINE');
        // Answers that decide nothing about the voucher keep the scan (scan-queue.ts KeepScan).
        if (answer.__typename === 'UnauthenticatedError') throw new KeepScan(true, 'signed out');
        if (answer.__typename === 'NotFoundError' && redemptionWords(answer).field === 'businessId') throw new KeepScan(false, 'another account’s business');
        return answer;
      },
      (scan, answer) => show(outcomeOf(answer, scan.businessId, true)),
    );
    await refreshCount();
    if (kept > 0) {
      failures.current += 1;
      retryTimer.current = setTimeout(() => void flushRef.current(), retryDelay(failures.current));
    } else failures.current = 0;
  }, [send, show, refreshCount]);
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  useEffect(() => {
    // What an earlier visit (or another tab) left queued goes as the page opens.
    const opening = setTimeout(() => void flushRef.current(), 0);
    const online = () => {
      failures.current = 0;
      void flushRef.current();
    };
    window.addEventListener('online', online);
    return () => {
      clearTimeout(opening);
      window.removeEventListener('online', online);
      if (retryTimer.current) clearTimeout(retryTimer.current);
      queueRef.current?.close();
      queueRef.current = null;
    };
  }, []);

  const onScanned = useCallback(
    async (text: string) => {
      const now = Date.now();
      const last = lastRef.current;
      lastRef.current = { text, at: now };
      if (last && last.text === text && now - last.at < SAME_CODE_PAUSE_MS) return;
      const scan: QueuedScan = { attemptId: crypto.randomUUID(), businessId, scanned: text, queuedAt: new Date().toISOString() };
      const keep = async () => {
        await queue().add(scan);
        await refreshCount();
        show({ kind: 'queued', text: "Queued: will be sent when you're back online.", fromQueue: false, undo: null });
        if (!retryTimer.current) retryTimer.current = setTimeout(() => void flush(), retryDelay(++failures.current));
      };
      if (!navigator.onLine) return keep();
      try {
        show(outcomeOf(await send(scan, 'QR'), scan.businessId, false));
      } catch {
        // Not reached (or no answer came back): kept with its attemptId, so a send that did arrive answers the same again.
        await keep();
      }
    },
    [businessId, send, show, refreshCount, flush],
  );

  // The frame reader calls the latest handler without restarting the camera.
  const scannedRef = useRef(onScanned);
  useEffect(() => {
    scannedRef.current = onScanned;
  }, [onScanned]);

  // The camera: the rear one where there is one.
  useEffect(() => {
    if (!wanted) return;
    const video = videoRef.current;
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let decoder: QrDecoder | null = null;
    const read = async () => {
      if (stopped || !video || !decoder) return;
      if (video.readyState >= 2 && video.videoWidth > 0) {
        try {
          const texts = await decoder.detect(video);
          if (texts[0] && !stopped) await scannedRef.current(texts[0]);
        } catch {
          // A frame that could not be read: the next one will be.
        }
      }
      if (!stopped) timer = setTimeout(() => void read(), FRAME_MS);
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera({ kind: 'absent' });
        return;
      }
      // The decoder loads while the camera starts (the bundled one fetches its .wasm from the shop).
      const decoding = createQrDecoder();
      decoding.catch(() => {});
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        const name = error instanceof DOMException ? error.name : '';
        setCamera({ kind: name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : name === 'NotFoundError' || name === 'OverconstrainedError' ? 'absent' : 'failed' });
        return;
      }
      if (stopped || !video) return stream.getTracks().forEach((t) => t.stop());
      try {
        video.srcObject = stream;
        await video.play();
        decoder = await decoding;
      } catch {
        if (!stopped) setCamera({ kind: 'failed' });
        return;
      }
      if (stopped) return;
      setCamera({ kind: 'on' });
      void read();
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      if (video) video.srcObject = null;
    };
  }, [wanted, starts]);

  // An Undo button goes when its window closes.
  const latest = outcomes[0] ?? null;
  const until = latest?.undo?.until;
  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(() => setOutcomes((list) => list.map((o) => (o.undo?.until === until ? { ...o, undo: null } : o))), Math.max(0, Date.parse(until) - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);

  const onUndo = async (o: Outcome) => {
    if (!o.undo || undoing) return;
    setUndoing(true);
    try {
      const undone = await undo({ businessId: o.undo.businessId, voucherId: o.undo.voucherId });
      setOutcomes((list) => list.map((x) => (x.id === o.id ? { ...x, undo: null } : x)));
      show({ ...undone, fromQueue: false, undo: null });
    } catch {
      show({ kind: 'refused', text: 'Not undone: the till could not reach us. Check the connection and try again.', fromQueue: false, undo: null });
    } finally {
      setUndoing(false);
    }
  };

  const cameraMessage: Record<Exclude<CameraState['kind'], 'on'>, string> = {
    starting: 'Starting the camera…',
    off: 'The camera is off.',
    refused: 'The camera was not allowed. To scan, allow the camera for this site in your browser’s settings and start it again, or type the code instead.',
    absent: 'This device has no camera the till can use. Type the code instead.',
    failed: 'Sorry, the camera could not be started. Try again, or type the code instead.',
  };

  return (
    <section className="till-section scan" aria-labelledby={headingId}>
      <h2 id={headingId}>Scan a voucher</h2>
      <p className="scan__hint">Hold the voucher’s QR code in front of the camera. Each voucher is redeemed once; the result shows below.</p>
      <div className="scan__camera">
        <video ref={videoRef} className="scan__video" muted playsInline aria-label="Camera preview" hidden={camera.kind !== 'on'} />
        {camera.kind !== 'on' ? (
          <p className={`scan__camera-note${camera.kind === 'starting' || camera.kind === 'off' ? '' : ' scan__camera-note--problem'}`}>
            {cameraMessage[camera.kind]} {camera.kind !== 'starting' && camera.kind !== 'off' ? <Link to={typedTill}>Type a voucher code</Link> : null}
          </p>
        ) : null}
      </div>
      <div className="scan__controls">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            const running = camera.kind === 'on' || camera.kind === 'starting';
            setWanted(!running);
            if (!running) {
              setCamera({ kind: 'starting' });
              setStarts((n) => n + 1);
            }
          }}
        >
          {camera.kind === 'on' || camera.kind === 'starting' ? 'Stop camera' : 'Start camera'}
        </button>
        <Link to={typedTill}>Type a code instead</Link>
      </div>
      {queued > 0 ? (
        <p className="scan__queue">
          {queued === 1 ? '1 scan is' : `${queued} scans are`} waiting to be sent (they go as soon as the device is back online).
        </p>
      ) : null}
      <div role="status" aria-live="polite" className={`scan__result${latest ? ` scan__result--${latest.kind}` : ''}`}>
        {latest ? (
          <>
            <p className="scan__result-text">
              {latest.fromQueue ? 'Sent from the queue: ' : ''}
              {latest.text}
            </p>
            {latest.undo ? <p>You can undo this until {londonClock(latest.undo.until)}.</p> : null}
          </>
        ) : null}
      </div>
      {latest?.undo ? (
        <button type="button" className="button button--secondary" onClick={() => void onUndo(latest)} aria-busy={undoing || undefined}>
          Undo redemption
        </button>
      ) : null}
      {outcomes.length > 1 ? (
        <>
          <h3 className="scan__earlier-title">Earlier scans</h3>
          <ul className="scan__earlier">
            {outcomes.slice(1).map((o) => (
              <li key={o.id} className={`scan__earlier-item scan__earlier-item--${o.kind}`}>
                {o.fromQueue ? 'Sent from the queue: ' : ''}
                {o.text}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
