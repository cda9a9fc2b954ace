import { Link } from 'react-router';
import { DEFAULT_LOCATION, NOINDEX_ROBOTS, locationPath } from '@shop/domain';
import { Main } from '../../ui/Main.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import './layouts.css';

/**
 * /login in the login layout. Accounts land with their own issue; until then this page says so
 * plainly rather than showing a form that cannot work.
 */
export function Component() {
  return (
    <Main>
      <Seo title="Sign in" description="Sign in to your Thistle Deals account." robots={NOINDEX_ROBOTS} />
      <div className="container login-layout">
        <PageHeading>Sign in</PageHeading>
        <p>Sign in is coming soon. Accounts are not open yet, so there is nothing to sign in to today.</p>
        <p>
          <Link to={locationPath(DEFAULT_LOCATION)}>Browse today&rsquo;s deals</Link>
        </p>
      </div>
    </Main>
  );
}
