import type { ReactNode } from 'react';
import './header-count.css';

/**
 * A header action's icon with a count over it (the basket's units, the wish list's deals): the
 * number is hidden from screen readers, whose name for the action says it in words.
 */
export function IconCount({ icon, count }: { icon: ReactNode; count: number }) {
  return (
    <span className="header-action__icon">
      {icon}
      {count > 0 ? (
        <span className="header-action__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </span>
  );
}
