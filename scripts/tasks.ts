// The tasks behind the README's commands, run by scripts/bootstrap.mjs under Node 24 once the
// workspace is installed. `node scripts/tasks.ts <start|test|seed|bench|build> [args]`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const clientBin = (name: string) => join(root, 'client', 'node_modules', '.bin', name);

function log(msg: string) {
  process.stderr.write(`[shop] ${msg}\n`);
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = root): number {
  log(`$ ${[cmd.replace(root + '/', ''), ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd, env: { ...process.env, ...env } });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function must(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = root) {
  const status = run(cmd, args, env, cwd);
  if (status !== 0) process.exit(status);
}

/** Hash of everything the client build depends on, so `npm start` rebuilds only when needed. */
function clientSourceDigest(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (['node_modules', 'dist', '__generated__', 'persisted-operations.json'].includes(entry.name)) continue;
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(p).update(readFileSync(p));
    }
  };
  walk(join(root, 'client'));
  walk(join(root, 'domain', 'src'));
  for (const f of ['schema.graphql', 'relay.config.js', 'pnpm-lock.yaml']) {
    if (existsSync(join(root, f))) hash.update(f).update(readFileSync(join(root, f)));
  }
  return hash.digest('hex');
}

// Relay artifacts are generated, not committed; the compiler wants their folder to exist.
// So is the persisted-operations map (relay.config.js persistConfig): the compiler wants the file
// to exist, adds an operation only when it writes its artifact, and never drops one. So: no map,
// no artifacts (all are rewritten); afterwards the map keeps exactly the ids the artifacts carry.
const generatedDir = join(root, 'client', 'src', '__generated__');
const PERSISTED_MAP = join(root, 'client', 'persisted-operations.json');
function relayCompile(): number {
  const compile = () => run(clientBin('relay-compiler'), ['--noWatchman'], { FORCE_NO_WATCHMAN: '1' }, root);
  const fresh = () => {
    rmSync(generatedDir, { recursive: true, force: true });
    mkdirSync(generatedDir, { recursive: true });
    writeFileSync(PERSISTED_MAP, '{}\n');
  };
  mkdirSync(generatedDir, { recursive: true });
  if (!existsSync(PERSISTED_MAP)) fresh();
  let status = compile();
  if (status !== 0) return status;
  let missing = prunePersistedMap();
  if (missing > 0) {
    log(`${missing} operations are missing from the persisted map: regenerating every artifact`);
    fresh();
    status = compile();
    if (status !== 0) return status;
    missing = prunePersistedMap();
    if (missing > 0) {
      log(`the persisted map still lacks ${missing} operations`);
      return 1;
    }
  }
  return 0;
}

/** Keeps in the map only the operations the artifacts name; returns how many they name that it lacks. */
function prunePersistedMap(): number {
  const ids = new Set<string>();
  for (const file of readdirSync(generatedDir)) {
    if (!file.endsWith('.ts')) continue;
    for (const m of readFileSync(join(generatedDir, file), 'utf8').matchAll(/"id": "([0-9a-f]{64})"/g)) ids.add(m[1]!);
  }
  const map = (readJson(PERSISTED_MAP) ?? {}) as Record<string, string>;
  const kept = Object.fromEntries(Object.entries(map).filter(([id]) => ids.has(id)).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(PERSISTED_MAP, JSON.stringify(kept, null, 2) + '\n');
  return [...ids].filter((id) => !(id in kept)).length;
}

/** GraphQL Code Generator: gateway/src/schema/__generated__/resolvers.ts from schema.graphql (not committed). */
function gatewayCodegen(): number {
  return run(join(root, 'gateway', 'node_modules', '.bin', 'graphql-codegen'), ['--config', 'codegen.yml', '--silent'], {}, join(root, 'gateway'));
}

function buildClient(force = false) {
  const stamp = join(root, 'client', 'dist', '.build-stamp');
  const digest = clientSourceDigest();
  if (!force && existsSync(stamp) && existsSync(PERSISTED_MAP) && readFileSync(stamp, 'utf8') === digest) {
    log('client build is up to date');
    return;
  }
  log('building the client');
  if (relayCompile() !== 0) process.exit(1);
  // From the root: babel-plugin-relay finds relay.config.js from the working directory.
  must(clientBin('vite'), ['build', '--config', 'client/vite.config.ts', '--logLevel', 'warn']);
  writeFileSync(stamp, digest);
}

interface StepResult {
  name: string;
  status: number;
  passed?: number;
  failed?: number;
  /** The failing tests, named with the first line of their failure, repeated under the summary so a log's tail says what failed. */
  failures?: string[];
}

// eslint-disable-next-line no-control-regex -- strips the colour codes (ESC [ … m) of a test's message
const firstLine = (message: string | undefined) => (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').trim().split('\n')[0]!.slice(0, 300);

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  testResults?: { name: string; message?: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
}

function vitestFailures(report: VitestReport | null): string[] {
  const out: string[] = [];
  for (const file of report?.testResults ?? []) {
    const name = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) out.push(`${name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    // A file that failed before its tests ran (an import error, a failing beforeAll) has no failed assertion.
    if (failed.length === 0 && file.message) out.push(`${name}: ${firstLine(file.message)}`);
  }
  return out;
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; line?: number; tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[] }[];
}

function playwrightFailures(suites: PlaywrightSuite[] | undefined, path: string[] = []): string[] {
  const out: string[] = [];
  for (const suite of suites ?? []) {
    const here = [...path, suite.title].filter(Boolean);
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === 'unexpected')
          out.push(`[${t.projectName}] ${[...here, spec.title].join(' › ')}: ${firstLine(t.results.at(-1)?.error?.message)}`);
    out.push(...playwrightFailures(suite.suites, here));
  }
  return out;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function test(args: string[]) {
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const results: StepResult[] = [];
  const outDir = join(root, 'test-results');
  mkdirSync(outDir, { recursive: true });
  const step = (name: string, fn: () => Omit<StepResult, 'name'>) => {
    if (only && !only.split(',').includes(name)) return;
    const started = Date.now();
    const r = { name, ...fn() };
    results.push(r);
    log(`${name}: ${r.status === 0 ? 'ok' : `FAILED (${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  };

  // Compile the Relay artifacts before the typecheck reads them.
  step('relay', () => ({ status: relayCompile() }));
  step('typecheck', () => {
    // The resolvers' types from schema.graphql (gateway/codegen.yml), which the gateway's typecheck reads.
    const generated = gatewayCodegen();
    if (generated !== 0) return { status: generated };
    const a = run(bin('tsc'), ['-p', 'tsconfig.json']);
    const b = run(bin('tsc'), ['-p', 'client/tsconfig.json']);
    return { status: a || b };
  });
  step('lint', () => {
    const eslint = run(bin('eslint'), ['--max-warnings=0', '.']);
    // Unused files, exports and dependencies (knip.json): what nothing uses goes.
    const knip = run(bin('knip'), ['--no-progress']);
    return { status: eslint || knip };
  });
  step('unit+integration', () => {
    const report = join(outDir, 'vitest.json');
    rmSync(report, { force: true });
    const status = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
    const json = readJson(report) as VitestReport | null;
    return { status, passed: json?.numPassedTests ?? 0, failed: json?.numFailedTests ?? (status ? 1 : 0), failures: vitestFailures(json) };
  });
  step('browser', () => {
    buildClient();
    const report = join(outDir, 'playwright.json');
    rmSync(report, { force: true });
    const status = run(join(root, 'e2e', 'node_modules', '.bin', 'playwright'), ['test', '--config', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    });
    const json = readJson(report) as { stats?: { expected?: number; unexpected?: number; flaky?: number }; suites?: PlaywrightSuite[] } | null;
    return {
      status,
      passed: (json?.stats?.expected ?? 0) + (json?.stats?.flaky ?? 0),
      failed: json?.stats?.unexpected ?? (status ? 1 : 0),
      failures: playwrightFailures(json?.suites),
    };
  });

  const passed = results.reduce((n, r) => n + (r.passed ?? (r.status === 0 ? 1 : 0)), 0);
  const failed = results.reduce((n, r) => n + (r.failed ?? (r.status === 0 ? 0 : 1)), 0) || results.filter((r) => r.status !== 0).length;
  console.log('');
  for (const r of results) {
    console.log(`  ${r.status === 0 ? '✓' : '✗'} ${r.name}${r.passed !== undefined ? ` (${r.passed} passed, ${r.failed} failed)` : ''}`);
    for (const f of r.failures ?? []) console.log(`      ✗ ${f}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(results.some((r) => r.status !== 0) ? 1 : 0);
}

const [task = 'start', ...args] = process.argv.slice(2);
switch (task) {
  case 'start':
  case 'dev': {
    buildClient();
    must(process.execPath, [join(root, 'gateway', 'src', 'main.ts'), ...args], task === 'dev' ? { NODE_ENV: 'development' } : {});
    break;
  }
  case 'build':
    buildClient(true);
    break;
  case 'seed':
    must(process.execPath, [join(root, 'services', 'deals', 'src', 'seed-cli.ts'), ...args]);
    break;
  case 'staff-key':
    must(process.execPath, [join(root, 'services', 'users', 'src', 'staff-key-cli.ts'), ...args]);
    break;
  case 'bench':
    buildClient();
    must(process.execPath, [join(root, 'bench', 'run.ts'), ...args]);
    break;
  case 'test':
    test(args);
    break;
  default:
    log(`unknown task ${task}`);
    process.exit(2);
}

