import { Suspense, createContext, use, type ReactNode } from 'react';
import { PageSkeleton } from './Skeleton.tsx';

const InsideMain = createContext(false);

/**
 * The page's <main> landmark, the skip link's target. Renders its children as they are when
 * it is already inside one, so views that can show at either level (404, errors) stay valid.
 */
export function Main({ children }: { children: ReactNode }) {
  if (use(InsideMain)) return <>{children}</>;
  return (
    <InsideMain value={true}>
      <main id="main-content" className="page" tabIndex={-1}>
        {children}
      </main>
    </InsideMain>
  );
}

/** A route's <main> with the page skeleton in it until the page's data is there (spec §2: a loading placeholder on route change). */
export function MainWithSkeleton({ children }: { children: ReactNode }) {
  return (
    <Main>
      <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
    </Main>
  );
}
