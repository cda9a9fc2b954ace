import { Link } from 'react-router';
import { WISHLIST_LOGIN_PROMPT } from '@shop/domain/wishlist';
import { useWishlistCount } from '../wishlist/wishlist-count.ts';
import { HeartIcon } from '../wishlist/HeartIcon.tsx';
import { useDisclosure } from './use-dismiss.ts';
import { LOGIN_PATH, type ShellViewer } from './viewer.ts';
import { IconCount } from './IconCount.tsx';

const savedDeals = (count: number) => (count === 1 ? '1 saved deal' : `${count} saved deals`);

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
        <IconCount icon={<HeartIcon />} count={count} />
        <span className="header-action__label">Wish list</span>
        {count > 0 ? <span className="visually-hidden">, {savedDeals(count)}</span> : null}
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
        <IconCount icon={<HeartIcon />} count={count} />
        <span className="header-action__label">Wish list</span>
        {count > 0 ? <span className="visually-hidden">, {savedDeals(count)}</span> : null}
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
