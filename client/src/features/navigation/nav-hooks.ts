import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type MouseEvent, type PointerEvent } from 'react';

/** True while the media query matches (matchMedia, no resize listener or layout reads). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Grace period after the pointer leaves an item, so it can cross the gap into the popover. */
const LEAVE_GRACE_MS = 120;

/**
 * A disclosure popover of the navigation bar (WAI-ARIA APG "disclosure navigation menu", not an
 * ARIA menu): a toggle button with aria-expanded opens a panel of links that follows it in the tab
 * order. It opens after `hoverDelay` ms of mouse hover (none when undefined), and closes on mouse
 * leave (when hover opened it), focus leaving the item, Escape (focus returns to the toggle), a
 * press outside, and a resize, so it never blocks the page.
 *
 * The panel is a `popover="manual"` element: the browser puts it in the top layer, so the bar's
 * sideways scrolling does not clip it, while it stays in the DOM (and tab order) beside its toggle.
 * It is placed under its item when it opens and, once per frame, while anything scrolls.
 */
export function useNavPopover(hoverDelay: number | undefined) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const byHover = useRef(false);

  const clearTimer = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  const close = useCallback(() => {
    clearTimeout(timer.current);
    byHover.current = false;
    setOpen(false);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Show the panel in the top layer and place it under its item, kept inside the viewport; it
  // follows the item when the bar or the page scrolls.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const item = itemRef.current;
    if (!open || !panel || !item || typeof panel.showPopover !== 'function') return;
    if (!panel.matches(':popover-open')) panel.showPopover();
    let frame = 0;
    const place = () => {
      frame = 0;
      const anchor = item.getBoundingClientRect();
      const left = Math.max(8, Math.min(anchor.left, document.documentElement.clientWidth - panel.offsetWidth - 8));
      panel.style.top = `${Math.round(anchor.bottom)}px`;
      panel.style.left = `${Math.round(left)}px`;
    };
    place();
    const onScroll = (e: Event) => {
      if (!frame && !panel.contains(e.target as Node)) frame = requestAnimationFrame(place);
    };
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll, { capture: true });
      if (panel.matches(':popover-open')) panel.hidePopover();
    };
  }, [open]);

  // While open: Escape, a press outside and a resize close it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const hadFocus = itemRef.current?.contains(document.activeElement) ?? false;
      close();
      if (hadFocus) buttonRef.current?.focus();
    };
    const onPress = (e: globalThis.PointerEvent) => {
      if (!itemRef.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
      window.removeEventListener('resize', close);
    };
  }, [open, close]);

  const itemProps = {
    ref: itemRef,
    onPointerEnter: (e: PointerEvent) => {
      if (e.pointerType !== 'mouse' || hoverDelay === undefined) return;
      clearTimer();
      if (open) return;
      timer.current = setTimeout(() => {
        byHover.current = true;
        setOpen(true);
      }, hoverDelay);
    },
    onPointerLeave: (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      clearTimer();
      if (open && byHover.current) timer.current = setTimeout(close, LEAVE_GRACE_MS);
    },
    onBlur: (e: FocusEvent) => {
      if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) close();
    },
  };
  const buttonProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => {
      clearTimer();
      // A click on a panel that hover opened keeps it open (the pointer is already there).
      if (open && byHover.current) {
        byHover.current = false;
        return;
      }
      byHover.current = false;
      setOpen(!open);
    },
  };
  const panelProps = {
    ref: panelRef,
    id: panelId,
    popover: 'manual' as const,
    hidden: !open,
    // Following a link inside closes the panel.
    onClick: (e: MouseEvent) => {
      if ((e.target as Element).closest('a')) close();
    },
  };
  return { open, close, itemProps, buttonProps, panelProps };
}

type Edges = 'none' | 'start' | 'end' | 'middle';

/**
 * Which edges of a sideways-scrolling list are scrolled away from: 'start' means only the end is
 * out of view (the list sits at its start), 'middle' both, 'end' only the start, 'none' all fits.
 * Updated on scroll (once per frame) and when the list or its content resizes.
 */
export function useScrollEdges(list: HTMLElement | null, contentKey: string): Edges {
  const [edges, setEdges] = useState<Edges>('none');
  useEffect(() => {
    if (!list) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const max = list.scrollWidth - list.clientWidth;
      const left = Math.abs(list.scrollLeft);
      const atStart = left <= 1;
      const atEnd = left >= max - 1;
      setEdges(max <= 1 ? 'none' : atStart ? 'start' : atEnd ? 'end' : 'middle');
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const observer = new ResizeObserver(onScroll);
    observer.observe(list);
    for (const child of Array.from(list.children)) observer.observe(child);
    list.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      list.removeEventListener('scroll', onScroll);
    };
  }, [list, contentKey]);
  return edges;
}
