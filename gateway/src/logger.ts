/** Server-side log lines as JSON (one per line). Details of masked errors go here, never to clients. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function write(stream: NodeJS.WriteStream, level: string, message: string, fields?: Record<string, unknown>) {
  stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
}

export const consoleLogger: Logger = {
  info: (m, f) => write(process.stdout, 'info', m, f),
  warn: (m, f) => write(process.stderr, 'warn', m, f),
  error: (m, f) => write(process.stderr, 'error', m, f),
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** What an Error looks like in a log line (cause chain included, for ServiceError's network cause). */
export function describeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { value: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message, stack: error.stack };
  for (const key of ['service', 'status', 'code'] as const) {
    if (key in error) fields[key] = (error as unknown as Record<string, unknown>)[key];
  }
  if (error.cause !== undefined && depth < 3) fields.cause = describeError(error.cause, depth + 1);
  return fields;
}
