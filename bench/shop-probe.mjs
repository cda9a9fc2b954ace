// BENCH_PLACE_PROBE=<prefix> (bench/orders.ts): preloaded into the shop with --import. The bench
// sends SIGUSR2 before and after timing placeOrder; in between the shop counts its SQL statements
// (<prefix>-sql.txt, by text) and records a V8 CPU profile (<prefix>.cpuprofile) of that phase only.
/* global process, URL */
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
    if (on) {
      const text = typeof config === 'string' ? config : config?.text ?? String(config);
      const key = text.replace(/\s+/g, ' ').slice(0, 160);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return orig.call(this, config, ...rest);
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
      const lines = [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${String(n).padStart(7)}  ${k}`);
      writeFileSync(`${out}-sql.txt`, lines.join('\n') + '\n');
      session.post('Profiler.stop', (err, result) => {
        if (!err) writeFileSync(`${out}.cpuprofile`, JSON.stringify(result.profile));
      });
    }
  });
}
