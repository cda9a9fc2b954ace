import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useSignOut } from '../accounts/session.ts';
import { useDisclosure } from './use-dismiss.ts';
import { LOGIN_PATH, type ShellViewer } from './viewer.ts';

/** Spec §2 mini account menu, in its order. `login`: signed-out visitors are sent to /login instead. */
const ACCOUNT_MENU_ITEMS = [
  { label: 'My Vouchers', to: '/myaccount/vouchers', login: true },
  { label: 'View Account Details', to: '/myaccount/profile', login: true },
  { label: 'My Subscriptions', to: '/myaccount/subscriptions', login: true },
  { label: 'My Wallet', to: '/myaccount/wallet', login: true },
  { label: 'Claim a gift', to: '/mygift', login: true },
  { label: 'Become a merchant', to: '/merchant/apply', login: false },
  { label: 'Refer a friend', to: '/myaccount/refer-a-friend', login: true },
  { label: 'Need help', to: '/faqs', login: false },
] as const;

type Focus = 'first' | 'last' | null;

const menuItems = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * The mini account menu: a WAI-ARIA menu button. Enter, Space or ↓ opens it on the first item
 * (↑ on the last); ↑/↓ move with wrap-around, Home/End jump; Escape closes and returns focus to
 * the button; Tab, an outside press or choosing an item closes it. Signed in, the button greets
 * the shopper ('Hi {name}') and the menu ends with Sign out; signed out, it starts with Sign in
 * and Register.
 */
export function AccountMenu({ viewer }: { viewer: ShellViewer | null }) {
  const signOut = useSignOut();
  const { open, setOpen, root, button, close } = useDisclosure();
  const [signingOut, setSigningOut] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open || focus === null) return;
    const all = menuItems(menu.current);
    (focus === 'first' ? all[0] : all[all.length - 1])?.focus();
  }, [open, focus]);

  const show = (at: Focus) => {
    setFocus(at);
    setOpen(true);
  };

  function onButtonKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show(e.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const all = menuItems(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 };
    if (e.key in move) {
      e.preventDefault();
      all[(move[e.key]! + all.length) % all.length]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false); // focus moves on to the next thing in the page
    }
  }

  async function onSignOut() {
    if (signingOut) return;
    setSigningOut(true);
    close(true);
    await signOut();
    setSigningOut(false);
  }

  const greeting = viewer ? `Hi ${viewer.name}` : 'My account';
  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        id="account-menu-button"
        className="header-action"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8.5" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M4 20.5c1.2-4 4.4-6 8-6s6.8 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="header-action__label">{greeting}</span>
        <svg className="account-menu__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <ul id="account-menu" ref={menu} role="menu" aria-labelledby="account-menu-button" className="account-menu__list" hidden={!open} onKeyDown={onMenuKeyDown}>
        {viewer === null && (
          <>
            <li role="none" className="account-menu__auth">
              <Link role="menuitem" tabIndex={-1} to={LOGIN_PATH} className="account-menu__primary" onClick={() => close(false)}>
                Sign in
              </Link>
            </li>
            <li role="none" className="account-menu__auth">
              <Link role="menuitem" tabIndex={-1} to="/register" onClick={() => close(false)}>
                Register
              </Link>
            </li>
            <li role="separator" className="account-menu__separator" />
          </>
        )}
        {ACCOUNT_MENU_ITEMS.map((item) => (
          <li role="none" key={item.label}>
            <Link role="menuitem" tabIndex={-1} to={item.login && viewer === null ? LOGIN_PATH : item.to} onClick={() => close(false)}>
              {item.label}
            </Link>
          </li>
        ))}
        {viewer !== null && (
          <>
            <li role="separator" className="account-menu__separator" />
            <li role="none">
              <button type="button" role="menuitem" tabIndex={-1} className="account-menu__signout" aria-busy={signingOut || undefined} onClick={() => void onSignOut()}>
                Sign out
              </button>
            </li>
          </>
        )}
      </ul>
    </div>
  );
}
