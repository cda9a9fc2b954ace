import type { StaticPageSectionResolvers as SectionResolvers } from '../__generated__/resolvers.ts';

// The service calls the anchor `id`; the schema calls it `anchor` (see schema.graphql).
export const StaticPageSectionResolvers: SectionResolvers = {
  anchor: (section) => section.id,
};
