/**
 * A PostgreSQL cluster of a test's own (reliability C2: "harness controls the throwaway cluster"),
 * made with the server binaries the machine has (Debian's /usr/lib/postgresql/<version>/bin, or
 * PG_BIN), on a free port of 127.0.0.1, so a test can restart it (`pg_ctl restart -m fast` or
 * `-m immediate`) without touching the server every other suite shares. PostgreSQL refuses to run
 * as root, so under root (CI) every command runs as the `postgres` user and the data directory
 * belongs to it. fsync is off: a stopped or killed server loses nothing that way (the kernel keeps
 * the pages), only a machine crash would, and that is not what these tests make.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ThrowawayPostgres {
  /** The superuser's URL of the cluster's `postgres` database (the admin URL tests make databases with). */
  url: string;
  /** `pg_ctl restart -m <mode>`, waiting until the server accepts connections again. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server and removes its data directory. */
  close(): Promise<void>;
}

/** The directory with initdb and pg_ctl, or null when this machine has no PostgreSQL server binaries. */
export function postgresBinaries(): string | null {
  const given = process.env.PG_BIN;
  if (given) return existsSync(join(given, 'pg_ctl')) ? given : null;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')) && existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('No PostgreSQL server binaries (initdb, pg_ctl): install postgresql or set PG_BIN');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await postgresUser() : null;
  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const command = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args], { cwd: dir }) : run(join(bin, name), args, { cwd: dir });
  await command('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  await command('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', serverOptions, '-w', '-t', '60', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(mode) {
      await command('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', serverOptions, '-m', mode, '-w', '-t', '60', 'restart']);
    },
    async close() {
      await command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
    throw new Error('Running as root needs a postgres user to run the server as (PostgreSQL refuses root)');
  });
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(stdout.trim()), gid: Number(gid.trim()) };
}
