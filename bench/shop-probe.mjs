// BENCH_PLACE_PROBE=<prefix> (bench/orders.ts): preloaded into the shop with --import. The bench
// sends SIGUSR2 before and after timing placeOrder; in between the shop counts its SQL statements
// (<prefix>-sql.txt, by text: count, mean wall ms) and records a V8 CPU profile (<prefix>.cpuprofile) of that phase only.
/* global process, URL, performance */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
if (process.env.BENCH_PLACE_PROBE) {
  const require = createRequire(new URL('../services/platform/package.json', import.meta.url));
  const pg = require('pg');
  const counts = new Map();
  let on = false;
  const orig = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    const result = orig.call(this, config, ...rest);
    if (on) {
      const text = typeof config === 'string' ? config : config?.text ?? String(config);
      const key = text.replace(/\s+/g, ' ').slice(0, 160);
      const entry = counts.get(key) ?? { n: 0, ms: 0 };
      entry.n++;
      counts.set(key, entry);
      const t = performance.now();
      // Wall time to the answer (queueing and lock waits included), for the statements' share.
      if (typeof result?.then === 'function') result.then(() => (entry.ms += performance.now() - t), () => undefined);
    }
    return result;
  };
  const session = new inspector.Session();
  session.connect();
  const out = process.env.BENCH_PLACE_PROBE;
  process.on('SIGUSR2', () => {
    if (!on) {
      on = true;
      counts.clear();
      session.post('Profiler.enable', () => session.post('Profiler.start'));
    } else {
      on = false;
      const lines = [...counts].sort((a, b) => b[1].ms - a[1].ms).map(([k, { n, ms }]) => `${String(n).padStart(7)} ${(ms / n).toFixed(2).padStart(8)} ms  ${k}`);
      writeFileSync(`${out}-sql.txt`, lines.join('\n') + '\n');
      session.post('Profiler.stop', (err, result) => {
        if (!err) writeFileSync(`${out}.cpuprofile`, JSON.stringify(result.profile));
      });
    }
  });
}
