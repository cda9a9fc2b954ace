import { NotFoundView } from '../ui/NotFoundView.tsx';

/** Any path the shop does not have. */
export function Component() {
  return <NotFoundView />;
}
