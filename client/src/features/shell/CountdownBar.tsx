import { useState, useSyncExternalStore } from 'react';
import { nextLondonMidnight } from '@shop/domain';
import { readPreference, writePreference } from './preferences.ts';

// One clock for the bar: the current second, re-read once a second while someone listens.
function subscribeToSeconds(onTick: () => void) {
  const id = window.setInterval(onTick, 1000);
  return () => window.clearInterval(id);
}
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;
const noSubscription = () => () => {};

/** "05:12:33": the time left until `until`, never below zero. */
function formatLeft(nowMs: number, until: Date): string {
  const total = Math.max(0, Math.round((until.getTime() - nowMs) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * The optional 40 px bar counting down to the next daily deals refresh, at midnight UK time.
 * The ticking time is aria-live="off" (a timer role's default too) so screen readers are not
 * interrupted every second; WCAG 2.2.2 is met with a pause control and a hide control, and the
 * hide choice is remembered as an appearance preference.
 */
export function CountdownBar() {
  const [hidden, setHidden] = useState(() => readPreference('countdown-hidden'));
  const [pausedAt, setPausedAt] = useState<number | null>(null);
  const paused = pausedAt !== null;
  const now = useSyncExternalStore(paused ? noSubscription : subscribeToSeconds, currentSecond);
  if (hidden) return null;
  const shownAt = pausedAt ?? now;
  return (
    <div className="countdown-bar">
      <div className="container countdown-bar__inner">
        <p className="countdown-bar__text">
          Deals refresh in{' '}
          <span role="timer" aria-live="off" className="countdown-bar__time">
            {formatLeft(shownAt, nextLondonMidnight(new Date(shownAt)))}
          </span>
          <span className="countdown-bar__when"> (new deals at midnight UK time)</span>
        </p>
        <button type="button" className="countdown-bar__button" onClick={() => setPausedAt(paused ? null : currentSecond())}>
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d={paused ? 'M3 1.5v9l7.5-4.5Z' : 'M2.5 1.5h2.5v9H2.5ZM7 1.5h2.5v9H7Z'} fill="currentColor" />
          </svg>
          <span className="countdown-bar__label">{paused ? 'Resume countdown' : 'Pause countdown'}</span>
        </button>
        <button
          type="button"
          className="countdown-bar__button"
          onClick={() => {
            writePreference('countdown-hidden', true);
            setHidden(true);
          }}
        >
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="M2 2l8 8M10 2l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="countdown-bar__label">Hide countdown</span>
        </button>
      </div>
    </div>
  );
}
