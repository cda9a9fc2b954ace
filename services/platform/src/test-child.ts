/**
 * Runs a job's child script (the C5 kill tests: voucher expiry and reminders, wallet credit
 * expiry) as its own Node process with `env`, and answers how it ended and what it printed;
 * SIGKILLed after 60 s. A test helper, not a test file.
 */
import { spawn } from 'node:child_process';

export function runChild(script: string, env: Record<string, string>): Promise<{ signal: NodeJS.Signals | null; code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (c: Buffer) => void (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => void (out += c.toString()));
    const timer = setTimeout(() => p.kill('SIGKILL'), 60_000);
    p.on('error', reject);
    p.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out });
    });
  });
}
