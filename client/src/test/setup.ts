import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// relay-test-utils' mock environment wraps its methods with the global `jest.fn`: vitest's vi.fn is the same thing.
Object.assign(globalThis, { jest: { fn: vi.fn } });

// Each test renders into a fresh document.
afterEach(() => cleanup());
