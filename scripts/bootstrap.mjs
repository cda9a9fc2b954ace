#!/usr/bin/env node
// The one entry point behind `npm start`, `npm test`, `npm run bench`.
//
// It runs on whatever Node the machine has (Node 20 here), so it is plain
// JavaScript with no dependencies. It makes sure the workspace has what it
// needs, then hands over to Node 24:
//   1. Node 24 LTS: the machine's own when it is new enough, otherwise the npm
//      registry's `node-linux-<arch>` package, unpacked under .tools/.
//      (Under an older Node, npm and pnpm quietly pick older majors whose
//      `engines` fit, so the whole toolchain must run on Node 24.)
//   2. pnpm, pinned by package.json "packageManager", under .tools/.
//   3. `pnpm install --frozen-lockfile` whenever a manifest or the lockfile changed.
//   4. For tests: a Chromium (Debian's package; never a browser download).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tools = join(root, '.tools');
const NODE_VERSION = '24.21.0';
const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const PNPM_VERSION = rootPkg.packageManager.split('@')[1];

function log(msg) {
  process.stderr.write(`[shop] ${msg}\n`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    log(`failed (${status}): ${cmd} ${args.join(' ')}`);
    process.exit(status);
  }
}

const nodePkg = `node-${process.platform}-${process.arch}`;
const needNode = Number(process.versions.node.split('.')[0]) < 24;
const pkgVersion = (name) => {
  const f = join(tools, 'node_modules', name, 'package.json');
  return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')).version : null;
};

// Both tools go into one .tools/package.json: npm prunes whatever a manifest
// does not list, so installing them one at a time would remove the other.
function ensureTools() {
  const want = { pnpm: PNPM_VERSION };
  if (needNode) want[nodePkg] = NODE_VERSION;
  if (Object.entries(want).every(([n, v]) => pkgVersion(n) === v)) return;
  log(`installing ${Object.entries(want).map(([n, v]) => `${n}@${v}`).join(', ')} into .tools/ from the npm registry`);
  mkdirSync(tools, { recursive: true });
  writeFileSync(join(tools, 'package.json'), JSON.stringify({ name: 'shop-tools', private: true, dependencies: want }, null, 2) + '\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  must(npm, ['install', '--prefix', tools, '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock']);
}

function nodeBin() {
  if (!needNode) return process.execPath;
  const bin = join(tools, 'node_modules', nodePkg, 'bin', 'node');
  if (!existsSync(bin)) {
    log(`Could not install Node ${NODE_VERSION} for ${process.platform}/${process.arch}. Install Node.js 24 LTS and try again.`);
    process.exit(1);
  }
  return bin;
}

function pnpmBin() {
  return join(tools, 'node_modules', '.bin', 'pnpm');
}

function manifests(dir = root, depth = 0, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name === 'data') continue;
    const p = join(dir, entry.name);
    if (entry.isDirectory() && depth < 2) manifests(p, depth + 1, out);
    else if (entry.name === 'package.json' || entry.name === 'pnpm-lock.yaml' || entry.name === 'pnpm-workspace.yaml') out.push(p);
  }
  return out.sort();
}

function manifestDigest() {
  const hash = createHash('sha256');
  for (const f of manifests()) hash.update(f).update(readFileSync(f));
  return hash.digest('hex');
}

function ensureDeps(env) {
  const digest = manifestDigest();
  const stamp = join(root, 'node_modules', '.shop-install-stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  log('installing dependencies (pnpm install)');
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  must(env.PNPM, ['install', ...frozen], { env });
  writeFileSync(stamp, manifestDigest());
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((c) => c && existsSync(c));
}

function ensureChromium() {
  let found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    log("no Chromium found: installing Debian's chromium package");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation2'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    found = findChromium();
  }
  if (!found) {
    log('The browser tests need Chromium and none was found.');
    log('Install it with `sudo apt-get install chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.');
    process.exit(1);
  }
  return found;
}

// HAProxy for the multi-process test (two shop processes behind a real balancer, on PostgreSQL).
function findHaproxy() {
  return [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((c) => c && existsSync(c));
}

function ensureHaproxy() {
  let found = findHaproxy();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    log("no HAProxy found: installing Debian's haproxy package");
    run('apt-get', ['install', '-y', '-qq', 'haproxy'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    found = findHaproxy();
    if (!found) {
      run('apt-get', ['update', '-qq']);
      run('apt-get', ['install', '-y', '-qq', 'haproxy'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      found = findHaproxy();
    }
  }
  if (!found) {
    log('The multi-process test needs HAProxy and none was found.');
    log('Install it with `sudo apt-get install haproxy` (Debian/Ubuntu), or set HAPROXY_PATH to a haproxy binary.');
    process.exit(1);
  }
  return found;
}

const task = process.argv[2] ?? 'start';
ensureTools();
const node = nodeBin();
const env = {
  ...process.env,
  PATH: `${dirname(node)}:${join(root, 'node_modules', '.bin')}:${process.env.PATH}`,
  // relay-compiler must never try Debian's watchman 4.9 (too old for Relay 21).
  FORCE_NO_WATCHMAN: '1',
};
env.PNPM = pnpmBin();
ensureDeps(env);

const tsx = (file, ...args) => [node, [join(root, file), ...args]];
const steps = {
  start: () => [tsx('scripts/tasks.ts', 'start', ...process.argv.slice(3))],
  dev: () => [tsx('scripts/tasks.ts', 'dev', ...process.argv.slice(3))],
  seed: () => [tsx('scripts/tasks.ts', 'seed', ...process.argv.slice(3))],
  'staff-key': () => [tsx('scripts/tasks.ts', 'staff-key', ...process.argv.slice(3))],
  bench: () => [tsx('scripts/tasks.ts', 'bench', ...process.argv.slice(3))],
  test: () => {
    env.CHROMIUM_PATH = ensureChromium();
    env.HAPROXY_PATH = ensureHaproxy();
    return [tsx('scripts/tasks.ts', 'test', ...process.argv.slice(3))];
  },
};
if (!steps[task]) {
  log(`unknown task ${task}; one of ${Object.keys(steps).join(', ')}`);
  process.exit(2);
}
for (const [cmd, args] of steps[task]()) {
  const status = run(cmd, args, { env });
  if (status !== 0) process.exit(status);
}
