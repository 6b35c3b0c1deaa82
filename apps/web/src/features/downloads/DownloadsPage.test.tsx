import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../App';
import DownloadsPage, { canDownload } from './DownloadsPage';

const report = (state: string, media: string | null) => ({
  id: state,
  state,
  media,
  file_name: `${state}.pdf`,
  created_at: '',
});

afterEach(() => vi.unstubAllGlobals());

describe('Downloads', () => {
  it('links a report only when it is successfull and its media exists', () => {
    expect(canDownload(report('successfull', '/api/media/x.pdf'))).toBe(true);
    expect(canDownload(report('successfull', null))).toBe(false);
    expect(canDownload(report('pending', '/api/media/x.pdf'))).toBe(false);
    expect(canDownload(report('failed', null))).toBe(false);
  });

  it('lists File, State and Actions with one Download link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify([report('successfull', '/api/media/a.pdf'), report('failed', null)])),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <DownloadsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('successfull.pdf')).toBeInTheDocument();
    expect(screen.getByText('failed.pdf')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Download' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/api/media/a.pdf');
    for (const h of ['File', 'State', 'Actions'])
      expect(screen.getByRole('columnheader', { name: h })).toBeInTheDocument();
  });
});
