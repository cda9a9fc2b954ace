import { layoutOf } from '@shop/domain/layouts';
import { useLocation } from 'react-router';
import { NotFoundView } from '../../ui/NotFoundView.tsx';
import { LoginRequired } from './LoginRequired.tsx';

/**
 * /myaccount/* (spec §2 account area) in the account or delete layout. No account pages exist
 * yet (they land with accounts): a logged-out visitor is sent to login with the return path
 * saved; a logged-in one would see the not-found view until the pages land.
 */
export function Component() {
  const { pathname } = useLocation();
  return (
    <LoginRequired layout={layoutOf(pathname)}>
      <NotFoundView />
    </LoginRequired>
  );
}
