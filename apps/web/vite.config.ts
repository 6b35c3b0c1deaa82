import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { routeSizeReport } from './route-size-report';

// Vite 8 compiles TSX with its built-in transformer (automatic JSX runtime); no React plugin is needed.
export default defineConfig({
  // Prints the JavaScript the login, session and chart routes download (three.js and charts stay off login).
  plugins: [
    routeSizeReport('main', {
      Login: 'features/auth/LoginPage.tsx',
      Session: 'features/session-view/SessionPage.tsx',
      Dashboard: 'features/charts/DashboardPage.tsx',
    }),
    {
      // In development too, /capture/<session> is the phone capture page (the server does this in production).
      name: 'capture-page-fallback',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          if (req.url?.startsWith('/capture/')) req.url = '/capture.html';
          next();
        });
      },
    },
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: true,
    rolldownOptions: {
      // Two pages: the researcher's app and the phone capture page (a small bundle without MUI).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        capture: fileURLToPath(new URL('./capture.html', import.meta.url)),
      },
      onwarn(warning, warn) {
        // MUI marks modules 'use client' for React Server Components; irrelevant in an SPA bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
});
