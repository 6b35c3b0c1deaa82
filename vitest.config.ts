import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each workspace may add its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'bench'],
  },
});
