import { useEffect, useRef, useState } from 'react';
import { listenToSandbox, sandboxPageOrigin, sandboxPageUrl, type SandboxMessage } from './sandbox.ts';

/**
 * A provider's sandbox page in an iframe: the card's hosted fields, or the approval page of
 * PayPal, Google Pay, Apple Pay, Klarna or Clearpay. The card details are typed into the
 * provider's page, never into ours; the page hands back a one-time token by postMessage, taken
 * only from the sandbox's origin and this frame (`onToken`). Its errors show inside the frame;
 * a refusal or a cancel comes to `onError` / `onCancel`.
 */
export function SandboxFrame({
  session,
  title,
  minHeight = 300,
  onToken,
  onError,
  onCancel,
}: {
  session: { method: string; clientToken: string; sandboxUrl: string };
  title: string;
  minHeight?: number;
  onToken: (token: string, cardType: string | null) => void;
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

  useEffect(
    () =>
      listenToSandbox(
        () => frame.current?.contentWindow ?? null,
        origin,
        (message: SandboxMessage) => {
          if (message.kind === 'height') setHeight(Math.max(minHeight, message.height));
          else if (message.kind === 'token') handlers.current.onToken(message.token, message.cardType);
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
