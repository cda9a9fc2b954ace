import { Link } from 'react-router';
import { DEFAULT_LOCATION, locationPath } from '@shop/domain';
import { LogoLink } from '../../ui/Logo.tsx';
import './layouts.css';

/**
 * The header of the login and checkout layouts: the logo and a way back to the deals, without
 * the category bar, search, subscribe box or account menus, so nothing pulls the visitor away.
 */
export function ReducedHeader() {
  return (
    <header className="site-header reduced-header">
      <div className="container reduced-header__bar">
        <LogoLink to={locationPath(DEFAULT_LOCATION)} />
        <Link to={locationPath(DEFAULT_LOCATION)} className="reduced-header__back">
          Back to deals
        </Link>
      </div>
    </header>
  );
}
