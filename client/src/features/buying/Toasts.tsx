import { useCallback, useEffect, useRef, useState } from 'react';

const TOAST_MS = 4000;

/** Short confirmations ('Gift Wrap Added', 'Gift Pack Added': spec §8), each shown for 4 seconds. */
export function useToasts() {
  const [toasts, setToasts] = useState<Array<{ id: number; text: string }>>([]);
  const next = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const show = useCallback((text: string) => {
    const id = ++next.current;
    setToasts((list) => [...list, { id, text }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((list) => list.filter((t) => t.id !== id));
    }, TOAST_MS);
    timers.current.add(timer);
  }, []);
  return { toasts, show };
}

/**
 * The toasts, in a live region that is always in the page (a region added with its text is not
 * reliably read), so screen readers announce each one without moving focus.
 */
export function Toasts({ toasts }: { toasts: ReadonlyArray<{ id: number; text: string }> }) {
  return (
    <div className="toasts" role="status" aria-live="polite" data-testid="toasts">
      {toasts.map((t) => (
        <p key={t.id} className="toast">
          {t.text}
        </p>
      ))}
    </div>
  );
}
