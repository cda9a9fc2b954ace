import { Link } from 'react-router';
import { useDisclosure } from './use-dismiss.ts';
import { LOGIN_PATH, type ShellViewer } from './viewer.ts';

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

/**
 * The header's wish list. Signed in, a link to /wishlist. Anonymous visitors get a small
 * disclosure saying 'Login to see your full wish list' (spec §2), which links to the login page.
 */
export function WishlistLink({ viewer }: { viewer: ShellViewer | null }) {
  const { open, setOpen, root, button } = useDisclosure();

  if (viewer) {
    return (
      <Link to="/wishlist" className="header-action">
        <Heart />
        <span className="header-action__label">Wish list</span>
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
      >
        <Heart />
        <span className="header-action__label">Wish list</span>
      </button>
      <div id="wishlist-panel" className="wishlist__panel" hidden={!open}>
        <Link to={LOGIN_PATH} onClick={() => setOpen(false)}>
          Login to see your full wish list
        </Link>
      </div>
    </div>
  );
}
