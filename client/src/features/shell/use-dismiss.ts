import { useEffect, type RefObject } from 'react';

/**
 * While `open`, a pointer press outside `container` or the Escape key calls `close`. Escape
 * passes `true` so the caller returns focus to its button; an outside press leaves focus alone.
 */
export function useDismiss(container: RefObject<HTMLElement | null>, open: boolean, close: (viaEscape: boolean) => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (container.current && !container.current.contains(e.target as Node)) close(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close(true);
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [container, open, close]);
}
