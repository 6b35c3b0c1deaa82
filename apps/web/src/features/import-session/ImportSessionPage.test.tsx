import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../App';
import { stubApi } from '../../auth/fake-api';
import ImportSessionPage from './ImportSessionPage';

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ImportSessionPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('New session from video files', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses 1 camera with what to do, then creates the session and offers the three calibrations', async () => {
    const api = stubApi({
      'POST /api/sessions/import/': (body) => ({
        json: {
          session: { id: 's1' },
          cameras: Array.from({ length: (body as { n_cameras: number }).n_cameras }, (_, i) => ({
            device_id: `d${i + 1}`,
            name: `Camera ${i + 1}`,
          })),
        },
      }),
    });
    renderPage();
    const count = screen.getByRole('spinbutton', { name: 'Cameras' });
    fireEvent.change(count, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create session' }));
    expect(
      await screen.findByText(
        '1 camera was chosen; at least 2 are needed. Add the video of a second camera.',
      ),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    fireEvent.change(count, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create session' }));
    expect(await screen.findByRole('radio', { name: /Import a calibration file/ })).toBeChecked();
    expect(
      screen.getByRole('radio', { name: /Reuse the calibration of an earlier session/ }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /Upload one checkerboard video per camera/ }));
    for (const n of [1, 2, 3])
      expect(screen.getByLabelText(`Choose the video of Camera ${n}`)).toBeInTheDocument();
    // Nothing is sent while a camera has no video: the page names it.
    fireEvent.click(screen.getByRole('button', { name: 'Upload and calibrate' }));
    expect(
      await screen.findByText(
        'Camera 1 has no video. Drop one video file on every camera, or go back and choose fewer cameras.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toEqual(['POST /api/sessions/import/']);
  });
});
