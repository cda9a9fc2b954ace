import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// jest-dom's matchers (toBeInTheDocument, toBeVisible, toHaveFocus, toHaveAttribute…) on vitest's
// expect; its types come with this import, as this file is part of the client's program.
import '@testing-library/jest-dom/vitest';

// relay-test-utils' mock environment wraps its methods with the global `jest.fn`: vitest's vi.fn is the same thing.
Object.assign(globalThis, { jest: { fn: vi.fn } });

// Each test renders into a fresh document.
afterEach(() => cleanup());
