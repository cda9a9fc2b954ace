/**
 * What the shop's client posts to the logging endpoint (spec §7 "Logging"): the not-found
 * logger's page path, user agent and date, and the client error log's name, message,
 * userAgent, referrer and client/server flags. Every field is bounded, so a log line is too.
 */
import { z } from 'zod';

export const LOG_TEXT_MAX = 2000;
export const LOG_PATH_MAX = 2048;
export const USER_AGENT_MAX = 512;

const userAgent = z.string().max(USER_AGENT_MAX, `At most ${USER_AGENT_MAX} characters.`);

/** A page path of the shop as the browser shows it (path, query and hash), never a full url. */
const pagePath = z
  .string()
  .min(1, 'Required.')
  .max(LOG_PATH_MAX, `At most ${LOG_PATH_MAX} characters.`)
  .regex(/^\/(?!\/)/, 'Must be a path on the shop, starting with /.');

export const NotFoundLogSchema = z.strictObject({
  path: pagePath,
  userAgent,
  date: z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date and time.' }),
});

export const ClientErrorLogSchema = z.strictObject({
  name: z.string().min(1, 'Required.').max(200, 'At most 200 characters.'),
  message: z.string().max(LOG_TEXT_MAX, `At most ${LOG_TEXT_MAX} characters.`),
  userAgent,
  /** document.referrer: empty when the visitor came straight in. */
  referrer: z.string().max(LOG_PATH_MAX, `At most ${LOG_PATH_MAX} characters.`),
  /** The error happened in the browser. */
  client: z.boolean(),
  /** The error came from the server (a failed GraphQL or page response). */
  server: z.boolean(),
});

export type NotFoundLog = z.infer<typeof NotFoundLogSchema>;
export type ClientErrorLog = z.infer<typeof ClientErrorLogSchema>;
