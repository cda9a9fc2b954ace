/**
 * The shell's toasts: short messages any feature can show over whatever page is open (the credit
 * claim's five toasts, spec §8). A toast stays until the shopper dismisses it (it may hold a link
 * to follow, so it is never timed out from under them); the newest three are kept. ShellToasts
 * (rendered once by the root layout) shows them in a polite live region.
 */
import { useSyncExternalStore, type ReactNode } from 'react';

interface ShellToast {
  id: number;
  /** The message; may contain links. Its text is what screen readers announce. */
  content: ReactNode;
  tone: 'success' | 'info' | 'error';
  /** Shown again with the same key, it replaces the earlier one instead of stacking. */
  key?: string;
}

const MAX_TOASTS = 3;
let toasts: readonly ShellToast[] = [];
let nextId = 0;
const listeners = new Set<() => void>();

function publish(next: readonly ShellToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; returns its id. */
export function showToast(toast: Omit<ShellToast, 'id'>): number {
  const id = ++nextId;
  const others = toast.key === undefined ? toasts : toasts.filter((t) => t.key !== toast.key);
  publish([...others, { ...toast, id }].slice(-MAX_TOASTS));
  return id;
}

export function dismissToast(id: number): void {
  publish(toasts.filter((t) => t.id !== id));
}

/** Dismisses the toast shown with `key`, if any. */
export function dismissToastByKey(key: string): void {
  publish(toasts.filter((t) => t.key !== key));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useShellToasts(): readonly ShellToast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}
