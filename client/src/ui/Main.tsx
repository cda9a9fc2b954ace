import { createContext, use, type ReactNode } from 'react';

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
