import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { notFoundHead } from '@shop/domain';
import { reportNotFound } from '../errors/report.ts';
import { Main } from './Main.tsx';
import { PageHeading } from './PageHeading.tsx';
import { Seo } from './Seo.tsx';
import { LocationLinks } from './LocationLinks.tsx';

/** The friendly 404 (unknown path, location, category or deal). */
export function NotFoundView({ what = 'page' }: { what?: string }) {
  const { pathname } = useLocation();
  // The not-found logger (spec §7): path, user agent and date, once per path.
  useEffect(() => reportNotFound(pathname), [pathname]);
  return (
    <Main>
      <Seo head={notFoundHead(pathname)} />
      <div className="container message-view">
        <p className="message-view__code" aria-hidden="true">
          404
        </p>
        <PageHeading>Sorry, we can’t find that {what}</PageHeading>
        <p>It may have sold out, ended or moved. Have a look at today’s deals instead:</p>
        <LocationLinks />
      </div>
    </Main>
  );
}
