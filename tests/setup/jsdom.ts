import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { checkApiContract } from '../msw/api-server';

afterEach(() => {
  cleanup();
  // Handlers answer with the shared schemas' shapes (tests/msw/contract.ts), or the test fails here.
  expect(checkApiContract(), 'answers of the test API that break the shared contract').toEqual([]);
});

// The one setting for every component test (workers share modules: a file's own would leak into the
// next). findBy…/waitFor give up after 1 s by default; route chunks load lazily and are transformed
// on first use, which takes longer on a busy machine. A wait ends as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these; Fluent UI and our components use them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
