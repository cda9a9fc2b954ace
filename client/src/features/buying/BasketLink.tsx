import { Link } from 'react-router';
import { useBasketCount } from './basket-count.ts';
import { IconCount } from '../shell/IconCount.tsx';

const Bag = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M5 8h14l-1.2 11.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8L5 8Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/** The header's basket: a link to /checkout with the number of deal units in it (spec §3 basketTotal). */
export function BasketLink({ viewerId }: { viewerId: string | null }) {
  const count = useBasketCount(viewerId);
  return (
    <Link to="/checkout" className="header-action basket-link" data-testid="basket-link">
      <IconCount icon={<Bag />} count={count} />
      <span className="header-action__label">Basket</span>
      <span className="visually-hidden">, {count === 1 ? '1 item' : `${count} items`}</span>
    </Link>
  );
}
