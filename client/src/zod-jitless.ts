// The shop's Content-Security-Policy has no 'unsafe-eval' (gateway/src/security/headers.ts). Zod 4
// compiles fast object parsers with `new Function`, after a probe that the browser blocks and
// reports as a violation on every page that parses a form. Jitless mode skips the probe and the
// compiled path (the same results). Imported first by main.tsx, before any schema is parsed.
import { config } from 'zod/v4/core';

config({ jitless: true });
