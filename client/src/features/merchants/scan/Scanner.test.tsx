/**
 * The till's camera (Scanner.tsx) against relay-test-utils' mock environment, with the browser's
 * own APIs the test environment lacks stood in for: the camera (navigator.mediaDevices), the
 * video's frames and the browser's BarcodeDetector (reporting the QR text the test holds up), and
 * IndexedDB (fake-indexeddb). Shown:
 * - a refused camera and a device without one say so and offer the typed till;
 * - a scanned link is sent once for the business (channel QR, a fresh attemptId) however long the
 *   QR stays in view, and the answer is announced with Undo;
 * - with no signal a scan is queued ("Queued: …"), and sent when the device is back online with
 *   the same attemptId and channel OFFLINE; the answer is announced as sent from the queue.
 */
import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MockPayloadGenerator, type createMockEnvironment } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render-page.tsx';
import { Scanner } from './Scanner.tsx';

const BUSINESS = 'TWVyY2hhbnRCdXNpbmVzczoy';
const LINK = 'https://shop.test/merchant/redeem/6f1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f60.AAAAAAAAAAAAAAAAAAAAAA';
const TYPED = `/insights/redeem?business=${BUSINESS}`;
type Env = ReturnType<typeof createMockEnvironment>;

/** What the stand-in BarcodeDetector sees in the current frame. */
let inView: string | null = null;
class StandInDetector {
  static getSupportedFormats = async () => ['qr_code'];
  detect = async () => (inView ? [{ rawValue: inView }] : []);
}

const renderScanner = () => renderRoutes([{ path: '/insights/scan', element: <Scanner businessId={BUSINESS} typedTill={TYPED} /> }, { path: '/insights/redeem', element: <h1>Redeem vouchers</h1> }], '/insights/scan');
const section = () => screen.getByRole('region', { name: 'Scan a voucher' });
const redeemOperations = (environment: Env) => environment.mock.getAllOperations().filter((o) => o.request.node.operation.name === 'ScannerRedeemMutation');
async function answerRedeem(environment: Env, member: Record<string, unknown>) {
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) => MockPayloadGenerator.generate(operation, { Mutation: () => ({ redeemScannedVoucher: member }) }));
  });
}
function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

describe('the till camera', () => {
  beforeEach(() => {
    inView = null;
    setOnline(true);
    // A fresh device each test: its own IndexedDB.
    vi.stubGlobal('indexedDB', new (globalThis.IDBFactory as unknown as { new (): IDBFactory })());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete (HTMLVideoElement.prototype as { videoWidth?: number }).videoWidth;
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
  });

  const withCamera = (getUserMedia: () => Promise<unknown>) => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    vi.stubGlobal('BarcodeDetector', StandInDetector);
    // The video plays and has frames.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 640 });
  };
  const stream = () => Promise.resolve(Object.assign(new MediaStream(), { getTracks: () => [] }));

  it('a refused camera says so and offers the typed till', async () => {
    withCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    renderScanner();
    expect(await within(section()).findByText(/^The camera was not allowed\./)).toBeInTheDocument();
    expect(within(section()).getByRole('link', { name: 'Type a voucher code' })).toHaveAttribute('href', TYPED);
  });

  it('a device without a camera says so', async () => {
    renderScanner();
    expect(await within(section()).findByText(/^This device has no camera the till can use\./)).toBeInTheDocument();
    expect(within(section()).getByRole('link', { name: 'Type a voucher code' })).toHaveAttribute('href', TYPED);
  });

  it('sends a scanned link once for the business while it stays in view, and announces the answer with Undo', async () => {
    withCamera(stream);
    const { environment } = renderScanner();
    expect(await within(section()).findByLabelText('Camera preview')).toBeInTheDocument();
    inView = LINK;
    await waitFor(() => expect(redeemOperations(environment)).toHaveLength(1));
    expect(redeemOperations(environment)[0]!.request.variables.input).toEqual({ businessId: BUSINESS, scanned: LINK, channel: 'QR', attemptId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await answerRedeem(environment, { __typename: 'VoucherCodeRedeemed', voucherId: '6f1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f60', voucherCode: 'K7QZ2M-9TXB4R-WC3HDN', dealTitle: 'Afternoon tea', optionTitle: 'Tea for two', undoUntil: new Date(Date.now() + 15 * 60_000).toISOString() });
    expect(within(section()).getByRole('status')).toHaveTextContent('Redeemed: K7QZ2M-9TXB4R-WC3HDN (Afternoon tea: Tea for two).');
    expect(within(section()).getByRole('button', { name: 'Undo redemption' })).toBeInTheDocument();
    // Still in front of the camera a second later: not sent again (nothing new pending).
    await new Promise((r) => setTimeout(r, 1_000));
    expect(redeemOperations(environment)).toHaveLength(0);
  });

  it('with no signal queues the scan, and sends it with the same attemptId (OFFLINE) when back online', async () => {
    withCamera(stream);
    const { environment } = renderScanner();
    expect(await within(section()).findByLabelText('Camera preview')).toBeInTheDocument();
    setOnline(false);
    inView = LINK;
    await waitFor(() => expect(within(section()).getByRole('status')).toHaveTextContent("Queued: will be sent when you're back online."));
    expect(within(section()).getByText(/1 scan is waiting to be sent/)).toBeInTheDocument();
    expect(redeemOperations(environment)).toHaveLength(0);
    inView = null;

    setOnline(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(redeemOperations(environment)).toHaveLength(1));
    const input = redeemOperations(environment)[0]!.request.variables.input as Record<string, unknown>;
    expect(input).toMatchObject({ businessId: BUSINESS, scanned: LINK, channel: 'OFFLINE' });
    await answerRedeem(environment, { __typename: 'VoucherCodeAlreadyRedeemed', message: 'This voucher was redeemed on 27 November 2026.' });
    await waitFor(() => expect(within(section()).getByRole('status')).toHaveTextContent('Sent from the queue: Already redeemed: This voucher was redeemed on 27 November 2026.'));
    await waitFor(() => expect(within(section()).queryByText(/waiting to be sent/)).not.toBeInTheDocument());
  });
});
