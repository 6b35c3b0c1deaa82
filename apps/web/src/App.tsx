import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api/api-error';
import { isLanguage } from './i18n';
import { createAppRouter } from './routes';
import { themeFor } from './theme/theme';
import { ToastProvider } from './toast/toast';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        // Never retry client errors (401/403/404): they will not change by retrying.
        retry: (count, err) =>
          !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const { i18n } = useTranslation();
  return (
    <ThemeProvider theme={themeFor(isLanguage(i18n.language) ? i18n.language : 'en')}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
