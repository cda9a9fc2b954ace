import { z } from '@hono/zod-openapi';

/** A url slug: lower-case letters, digits and hyphens. */
export const Slug = (name: string, example: string) =>
  z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a lower-case slug (letters, digits and hyphens).')
    .max(60)
    .openapi({ param: { name, in: 'path' }, example });

/** Batch lookups by id take at most this many ids. */
export const MAX_BATCH_IDS = 100;

/** A numeric id in a path segment (1 to 9 digits, so it fits an integer column). */
export const NumericId = (name: string, noun: string, example: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `Must be a numeric ${noun} id.`)
    .openapi({ param: { name, in: 'path' }, example });

/** `ids` of a batch lookup: comma-separated numeric ids, at most MAX_BATCH_IDS. */
export const IdList = (noun: string) =>
  z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, `Must be comma-separated numeric ${noun} ids.`)
    .refine((v) => v.split(',').length <= MAX_BATCH_IDS, `At most ${MAX_BATCH_IDS} ids.`)
    .openapi({ param: { name: 'ids', in: 'query' }, example: '1,2,3' });

/** The distinct numbers of a validated IdList. */
export const parseIdList = (ids: string): number[] => [...new Set(ids.split(',').map(Number))];
