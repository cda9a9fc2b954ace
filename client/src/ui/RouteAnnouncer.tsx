import { useEffect, useState } from 'react';

let setMessage: ((message: string) => void) | undefined;

/** Says `message` through the polite live region (new page titles, list updates that are not lists' own). */
export function announce(message: string): void {
  setMessage?.('');
  // A fresh text node after a tick, so the same title twice is still read.
  setTimeout(() => setMessage?.(message), 30);
}

/** The one live region that announces page changes. Rendered once by the root layout. */
export function RouteAnnouncer() {
  const [message, set] = useState('');
  useEffect(() => {
    setMessage = set;
    return () => {
      setMessage = undefined;
    };
  }, []);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
