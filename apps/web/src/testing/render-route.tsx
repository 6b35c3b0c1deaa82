/** Test helpers: pages under a memory router with the app's query client and toasts, as the app mounts them. */
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../App';
import { ToastProvider } from '../toast/toast';

/** Renders `router` inside the app's providers. */
export function renderRouter(router: ReturnType<typeof createMemoryRouter>): void {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** Renders `element` at `path`, routed as `route` (e.g. '/:id/calibration'). */
export function renderRoute(path: string, route: string, element: ReactElement): void {
  renderRouter(createMemoryRouter([{ path: route, element }], { initialEntries: [path] }));
}
