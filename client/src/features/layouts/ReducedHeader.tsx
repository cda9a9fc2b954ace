import { Link } from 'react-router';
import { DEFAULT_LOCATION, locationPath } from '@shop/domain';
import { LogoMark } from '../../ui/Logo.tsx';
import './layouts.css';

/**
 * The header of the login and checkout layouts: the logo and a way back to the deals, without
 * the category bar, search, subscribe box or account menus, so nothing pulls the visitor away.
 */
export function ReducedHeader() {
  return (
    <header className="site-header reduced-header">
      <div className="container reduced-header__bar">
        <Link to={locationPath(DEFAULT_LOCATION)} className="logo site-header__logo">
          <LogoMark />
          <span className="logo__word">
            <span className="logo__thistle">Thistle</span> Deals
          </span>
          <span className="visually-hidden">, home</span>
        </Link>
        <Link to={locationPath(DEFAULT_LOCATION)} className="reduced-header__back">
          Back to deals
        </Link>
      </div>
    </header>
  );
}
