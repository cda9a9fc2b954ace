import { Link } from 'react-router';
import { WISHLIST_LOGIN_PROMPT } from '@shop/domain/wishlist';
import { useWishlistCount } from '../wishlist/wishlist-count.ts';
import { useDisclosure } from './use-dismiss.ts';
import { LOGIN_PATH, type ShellViewer } from './viewer.ts';
import './header-count.css';

const Heart = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M12 20.5s-7.5-4.6-8.9-9.3C2.2 8 4.3 4.5 7.7 4.5c1.9 0 3.3 1 4.3 2.5 1-1.5 2.4-2.5 4.3-2.5 3.4 0 5.5 3.5 4.6 6.7-1.4 4.7-8.9 9.3-8.9 9.3Z"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  </svg>
);

const savedDeals = (count: number) => (count === 1 ? '1 saved deal' : `${count} saved deals`);

/** The heart with the number of saved deals over it (hidden from screen readers: the name says it). */
function HeartCount({ count }: { count: number }) {
  return (
    <span className="header-action__icon">
      <Heart />
      {count > 0 ? (
        <span className="header-action__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The header's wish list with its count (wishlist-count.ts: the spec §4 sync on load). Signed in,
 * a link to /wishlist. Anonymous visitors get a small disclosure saying 'Login to see your full
 * wish list' (spec §2, §6), which links to the login page, and how many deals they have saved.
 */
export function WishlistLink({ viewer, viewerId = null }: { viewer: ShellViewer | null; viewerId?: string | null }) {
  const { open, setOpen, root, button } = useDisclosure();
  const count = useWishlistCount(viewerId);

  if (viewer) {
    return (
      <Link to="/wishlist" className="header-action" data-testid="wishlist-link">
        <HeartCount count={count} />
        <span className="header-action__label">Wish list</span>
        <span className="visually-hidden">, {savedDeals(count)}</span>
      </Link>
    );
  }
  return (
    <div className="wishlist" ref={root}>
      <button
        ref={button}
        type="button"
        className="header-action"
        aria-expanded={open}
        aria-controls="wishlist-panel"
        onClick={() => setOpen(!open)}
        data-testid="wishlist-link"
      >
        <HeartCount count={count} />
        <span className="header-action__label">Wish list</span>
        <span className="visually-hidden">, {savedDeals(count)}</span>
      </button>
      <div id="wishlist-panel" className="wishlist__panel" hidden={!open}>
        {count > 0 ? <p className="wishlist__saved">You have {savedDeals(count)} on this device.</p> : null}
        <Link to={LOGIN_PATH} onClick={() => setOpen(false)}>
          {WISHLIST_LOGIN_PROMPT}
        </Link>
      </div>
    </div>
  );
}
