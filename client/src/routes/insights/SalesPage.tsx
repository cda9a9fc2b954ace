import { PageHeading } from '../../ui/PageHeading.tsx';

/** /insights: the sales dashboard (being built: issue 17 point 2). */
export function Component() {
  return <PageHeading>Sales</PageHeading>;
}
