import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface ListEmptyAction {
  href: string;
  label: string;
}

/** An empty list that says why and offers somewhere useful to go (the first action is the main one). */
export function ListEmpty({ title, children, actions, extra }: { title: string; children: ReactNode; actions: ListEmptyAction[]; extra?: ReactNode }) {
  return (
    <div className="empty-state list-empty">
      <h2>{title}</h2>
      <p>{children}</p>
      <p className="list-empty__actions">
        {actions.map((a, i) => (
          <Link key={a.href} className={`button ${i === 0 ? 'button--primary' : 'button--secondary'}`} to={a.href}>
            {a.label}
          </Link>
        ))}
      </p>
      {extra}
    </div>
  );
}
