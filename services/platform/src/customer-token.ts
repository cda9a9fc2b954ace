/**
 * The customer token every service accepts: the signed-in shopper as the gateway names them to a
 * service (from the session, never from client input), 10–128 URL-safe characters. One pattern
 * and one schema for every contract.
 */
import { z } from '@hono/zod-openapi';

export const CUSTOMER_TOKEN_PATTERN = /^[A-Za-z0-9._~-]{10,128}$/;

export const CUSTOMER_TOKEN_MESSAGE = 'A customer token is 10 to 128 url-safe characters: letters, digits, . _ ~ -.';

export const CustomerTokenSchema = z
  .string()
  .regex(CUSTOMER_TOKEN_PATTERN, CUSTOMER_TOKEN_MESSAGE)
  .openapi({ description: 'The customer token of the signed-in shopper (from the session, never from client input).', example: 'ct-0123456789abcdef' });
