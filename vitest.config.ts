import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': path.resolve(import.meta.dirname, 'shared') };

/** Three projects: node-side unit/integration, jsdom components, browser end-to-end. Run through `npm test`. */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/eval/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['portal/**/*.test.{ts,tsx}', 'widget/**/*.test.{ts,tsx}', 'shared/**/*.test.tsx'],
          setupFiles: ['tests/setup/jsdom.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
