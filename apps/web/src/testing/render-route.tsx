/** Test helper: one page under a memory router with the app's query client and toasts, as the app mounts it. */
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../App';
import { ToastProvider } from '../toast/toast';

/** Renders `element` at `path`, routed as `route` (e.g. '/:id/calibration'). */
export function renderRoute(path: string, route: string, element: ReactElement): void {
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}
