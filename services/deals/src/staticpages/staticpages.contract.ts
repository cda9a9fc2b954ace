/**
 * The static-page contract (spec §2 "Static pages /page/{slug}", spec §7 staticpage): a page is
 * a title, a description and structured sections, never HTML, so every client renders it as
 * text. The gateway's deals client parses responses with these schemas.
 */
import { z } from '@hono/zod-openapi';

/** A static page slug: lower-case words joined by hyphens, optionally ending in .html (spec §2). */
export const STATIC_PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.html)?$/;
export const STATIC_PAGE_SLUG_MAX = 80;

export const StaticPageLinkSchema = z
  .object({
    label: z.string().min(1),
    href: z
      .string()
      .regex(/^\/[a-z0-9\-./#_]*$/, 'Must be a path on the shop.')
      .openapi({ description: 'A path on the shop (never another site).', example: '/page/e-commerceterms#vip' }),
  })
  .openapi('StaticPageLink');

export const StaticPageSectionSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .openapi({ description: 'The section anchor (/page/e-commerceterms#vip).', example: 'vip' }),
    heading: z.string().min(1),
    paragraphs: z.array(z.string().min(1)).openapi({ description: 'Plain-text paragraphs, in order.' }),
    items: z.array(z.string().min(1)).openapi({ description: 'A bulleted list shown after the paragraphs (may be empty).' }),
    links: z.array(StaticPageLinkSchema).openapi({ description: 'Related pages of the shop (may be empty).' }),
  })
  .openapi('StaticPageSection');

export const StaticPageSchema = z
  .object({
    slug: z.string().openapi({ example: 'e-commerceterms' }),
    path: z.string().openapi({ description: 'The page’s canonical path on the shop.', example: '/page/e-commerceterms' }),
    title: z.string(),
    description: z.string().openapi({ description: 'One or two sentences for the page’s meta description.' }),
    updatedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).openapi({ description: 'When the copy last changed (YYYY-MM-DD).', example: '2026-11-22' }),
    sections: z.array(StaticPageSectionSchema),
  })
  .openapi('StaticPage');

export type StaticPageLink = z.infer<typeof StaticPageLinkSchema>;
export type StaticPageSection = z.infer<typeof StaticPageSectionSchema>;
export type StaticPage = z.infer<typeof StaticPageSchema>;
