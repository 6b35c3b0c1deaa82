import { defineProject } from 'vitest/config';

export default defineProject({
  test: { environment: 'jsdom', testTimeout: 30_000, setupFiles: ['./src/test-setup.ts'] },
});
