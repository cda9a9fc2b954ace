/**
 * A circuit breaker per provider (reliability P5): after `threshold` consecutive unknown
 * outcomes (timeouts, resets, 5xx) it opens and calls fail fast; after `coolDownMs` one probe is
 * let through (half-open): its success closes the circuit, its failure opens it again.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  threshold?: number;
  coolDownMs?: number;
}

export const BREAKER_THRESHOLD = 5;
export const BREAKER_COOL_DOWN_MS = 10_000;

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private probing = false;
  private readonly threshold: number;
  private readonly coolDownMs: number;

  private readonly clock: () => number;

  constructor(options: BreakerOptions = {}, clock: () => number = Date.now) {
    this.clock = clock;
    this.threshold = options.threshold ?? BREAKER_THRESHOLD;
    this.coolDownMs = options.coolDownMs ?? BREAKER_COOL_DOWN_MS;
  }

  state(): BreakerState {
    if (this.openedAt === null) return 'closed';
    return this.clock() - this.openedAt >= this.coolDownMs ? 'half-open' : 'open';
  }

  /** May a call go out now? In half-open, only one probe at a time. */
  tryAcquire(): boolean {
    const state = this.state();
    if (state === 'closed') return true;
    if (state === 'open' || this.probing) return false;
    this.probing = true;
    return true;
  }

  success(): void {
    this.failures = 0;
    this.openedAt = null;
    this.probing = false;
  }

  failure(): void {
    this.failures += 1;
    if (this.probing || (this.openedAt === null && this.failures >= this.threshold)) this.openedAt = this.clock();
    this.probing = false;
  }

  /** The call went out but told us nothing about the provider's health (e.g. our own deadline before the call). */
  release(): void {
    this.probing = false;
  }
}
