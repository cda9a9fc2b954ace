/**
 * The shop's logger is the platform's (services/platform/src/logger.ts: pino, one JSON line per
 * event). Details of masked errors go here, never to clients.
 */
import { defaultLogger, describeError, silentLogger, type Logger, type PinoBacked } from '@shop/platform';

export { describeError, silentLogger, type Logger, type PinoBacked };

/** The process's logger (LOG_LEVEL). */
export const consoleLogger: PinoBacked = defaultLogger();
