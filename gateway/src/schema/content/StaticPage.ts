import type { StaticPageSection } from '@shop/deals/staticpages/staticpages.contract';
import type { TypeResolvers } from '../types.ts';

// The service calls the anchor `id`; the schema calls it `anchor` (see schema.graphql).
export const StaticPageSectionResolvers: TypeResolvers<StaticPageSection> = {
  anchor: (section) => section.id,
};
