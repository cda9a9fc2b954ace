import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { announce } from './RouteAnnouncer.tsx';

/**
 * The page's <h1>. After a client-side navigation (not on the first load) it takes focus, so
 * keyboard and screen-reader users start reading the new page, and the new title is announced.
 * React Router does neither by itself.
 */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key, pathname, search } = useLocation();
  const page = new URLSearchParams(search).get('page');
  useEffect(() => {
    if (key === 'default') return;
    ref.current?.focus({ preventScroll: true });
    announce(document.title);
    // Sorting keeps focus on the sort control; a new path or page moves it here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, page]);
  return (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}
