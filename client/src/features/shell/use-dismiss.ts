import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

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

/**
 * A header disclosure's state (a button that opens a panel or menu): `root` wraps both and
 * `button` is the button. Escape closes it and gives the focus back to the button; a press outside
 * `root` closes it and leaves the focus alone (useDismiss). `close(true)` does the same as Escape.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);
  useDismiss(root, open, close);
  return { open, setOpen, root, button, close };
}
