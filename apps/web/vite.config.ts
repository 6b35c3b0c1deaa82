import { defineConfig } from 'vite';

// Vite 8 compiles TSX with its built-in transformer (automatic JSX runtime); no React plugin is needed.
export default defineConfig({
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // MUI marks modules 'use client' for React Server Components; irrelevant in an SPA bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
});
