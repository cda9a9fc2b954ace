/**
 * The locations of the header, in its order (spec §1): the three Scottish cities, then the
 * national shop and travel. A module of its own so that what reads them (the header, the lists'
 * shopper location, the not-found and search-error views) does not import the header.
 */
export const LOCATIONS = [
  { slug: 'glasgow', name: 'Glasgow' },
  { slug: 'edinburgh', name: 'Edinburgh' },
  { slug: 'aberdeen', name: 'Aberdeen' },
  { slug: 'shop', name: 'Shop' },
  { slug: 'travel', name: 'Travel' },
] as const;
