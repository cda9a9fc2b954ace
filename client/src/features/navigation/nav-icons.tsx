import type { ReactNode } from 'react';

/** A 16 px icon of the category bar, beside the words that name it. */
export function NavIcon({ className = 'nav-icon', children }: { className?: string; children: ReactNode }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function Chevron({ direction }: { direction: 'left' | 'right' | 'down' }) {
  const d = direction === 'left' ? 'M15 5l-7 7 7 7' : direction === 'right' ? 'M9 5l7 7-7 7' : 'M6 9l6 6 6-6';
  return (
    <NavIcon>
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </NavIcon>
  );
}
