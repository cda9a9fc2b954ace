import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { listenToSandbox, sandboxPageOrigin, sandboxPageUrl, type SandboxMessage } from './sandbox.ts';

/**
 * A provider's sandbox page in an iframe: the card's hosted fields, or the approval page of
 * PayPal, Google Pay, Apple Pay, Klarna or Clearpay. The card details are typed into the
 * provider's page, never into ours; the page hands back a one-time token by postMessage, taken
 * only from the sandbox's origin and this frame (`onToken`). Its errors show inside the frame;
 * a refusal or a cancel comes to `onError` / `onCancel`.
 *
 * The card's hosted fields have no button of their own: `ref.tokenize()` asks them for a nonce
 * (Braintree's hostedFields.tokenize(), called from the shop's Pay handler); their field errors
 * show in the frame and the first comes back as the answer's error.
 */
export interface SandboxFrameHandle {
  tokenize(): Promise<{ token: string; cardType: string | null } | { error: string; field: string | null }>;
}

/** How long the hosted fields may take to answer a tokenise request. */
const TOKENIZE_TIMEOUT_MS = 20_000;

export function SandboxFrame({
  ref,
  session,
  title,
  minHeight = 300,
  onToken,
  onError,
  onCancel,
}: {
  ref?: Ref<SandboxFrameHandle>;
  session: { method: string; clientToken: string; sandboxUrl: string };
  title: string;
  minHeight?: number;
  onToken?: (token: string, cardType: string | null) => void;
  onError?: (message: string) => void;
  onCancel?: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(minHeight);
  const [loaded, setLoaded] = useState(false);
  const url = sandboxPageUrl(session.sandboxUrl, session.clientToken, session.method);
  const origin = sandboxPageOrigin(url);
  // The latest handlers, without listening again on every render.
  const handlers = useRef({ onToken, onError, onCancel });
  useEffect(() => {
    handlers.current = { onToken, onError, onCancel };
  });
  const pending = useRef(new Map<string, (answer: Awaited<ReturnType<SandboxFrameHandle['tokenize']>>) => void>());

  useImperativeHandle(ref, () => ({
    tokenize() {
      const target = frame.current?.contentWindow;
      if (!target || !loaded) return Promise.resolve({ error: 'Please wait...', field: null });
      const requestId = crypto.randomUUID();
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.current.delete(requestId);
          resolve({ error: 'Connection timeout', field: null });
        }, TOKENIZE_TIMEOUT_MS);
        pending.current.set(requestId, (answer) => {
          clearTimeout(timer);
          pending.current.delete(requestId);
          resolve(answer);
        });
        target.postMessage({ type: 'braintree-sandbox:tokenize', requestId }, origin);
      });
    },
  }));

  useEffect(
    () =>
      listenToSandbox(
        () => frame.current?.contentWindow ?? null,
        origin,
        (message: SandboxMessage) => {
          if (message.kind === 'height') setHeight(Math.max(minHeight, message.height));
          else if ((message.kind === 'token' || message.kind === 'error') && pending.current.has(message.requestId ?? '')) {
            const asked = pending.current.get(message.requestId ?? '')!;
            asked(message.kind === 'token' ? { token: message.token, cardType: message.cardType } : { error: message.message, field: message.field });
          }
          else if (message.kind === 'token') handlers.current.onToken?.(message.token, message.cardType);
          else if (message.kind === 'error') handlers.current.onError?.(message.message);
          else if (message.kind === 'cancelled') handlers.current.onCancel?.();
        },
      ),
    [origin, minHeight],
  );

  return (
    <div className={`sandbox-frame${loaded ? '' : ' sandbox-frame--loading'}`}>
      {!loaded ? (
        <p className="sandbox-frame__wait" role="status">
          Please wait...
        </p>
      ) : null}
      <iframe ref={frame} src={url} title={title} className="sandbox-frame__iframe" style={{ height }} onLoad={() => setLoaded(true)} referrerPolicy="no-referrer" />
    </div>
  );
}
