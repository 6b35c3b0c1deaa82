import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../App';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session, Trial } from '@poselab/contract';
import { authStore } from '../../auth/auth-store';
import { i18n } from '../../i18n';
import { SessionMenu } from '../session-view/SessionMenu';
import { trialMenuEntries } from '../session-view/TrialList';
import { waitForArchive } from './archive-download';
import { trialFiles } from './trial-files';

const session = { id: 'sess-1', public: false, is_owner: true, trials: [], meta: {} } as unknown as Session;

/** Answers the async download calls: a task id, then the on-ready answers in turn (the last one repeats). */
function serve(onReady: Array<{ status: number; body: unknown }>) {
  const calls: string[] = [];
  let i = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.includes('/async-download/')) return new Response(JSON.stringify({ task_id: 'task-1' }));
      if (url.includes('/on-ready/')) {
        const a = onReady[Math.min(i++, onReady.length - 1)];
        return new Response(JSON.stringify(a.body), { status: a.status });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

function openMenu(button = 'Session menu') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SessionMenu session={session} showRemoved={false} onShowRemoved={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: button }));
}

let clicks: string[];
beforeEach(() => {
  clicks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(`${this.getAttribute('href')} as ${this.download}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Download data (SPEC §2, §4 archive download)', () => {
  it('shows progress while the archive is made and starts the download by itself when ready', async () => {
    const calls = serve([
      { status: 202, body: { state: 'running', percent: 40, message: 'Adding files (4 of 10)' } },
      {
        status: 200,
        body: {
          state: 'ready',
          url: '/api/media/a.zip?sig=x',
          file_name: 'OpenCapData_sess-1.zip',
          size_bytes: 9,
          expires_at: '',
        },
      },
    ]);
    openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Download data (old)' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download data' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Download data' })).getByRole('button', { name: 'Download' }),
    );
    expect(await screen.findByText('Adding files: 40 %')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(
      await screen.findByText('Your download of OpenCapData_sess-1.zip has started.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(clicks).toEqual(['/api/media/a.zip?sig=x as OpenCapData_sess-1.zip']);
    expect(calls.filter((c) => c.includes('/on-ready/'))).toHaveLength(2);
    expect(calls[0]).toBe('/api/sessions/sess-1/async-download/?videos=original');
    // The entry stays busy for 5 s after the download started (SPEC §9).
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Session menu' }));
    expect(screen.getByRole('menuitem', { name: 'Download data' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows a failed archive with its message and stops polling', async () => {
    const calls = serve([
      {
        status: 500,
        body: {
          state: 'failed',
          message: 'Storing the archive failed: disk full',
          code: 'storage_failed',
          detail: 'disk full',
        },
      },
    ]);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(/storing the archive failed \(disk full\)/)).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 1500)));
    expect(calls.filter((c) => c.includes('/on-ready/'))).toHaveLength(1);
    expect(clicks).toEqual([]);
  });

  it('asks which videos: original, de-identified (faces blurred) or none, and sends the choice', async () => {
    const ready = {
      status: 200,
      body: { state: 'ready', url: '/api/media/a.zip', file_name: 'a.zip', size_bytes: 1, expires_at: '' },
    };
    const calls = serve([ready]);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download data' }));
    const dialog = screen.getByRole('dialog', { name: 'Download data' });
    const group = within(dialog).getByRole('radiogroup', { name: 'Videos' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'Original',
      'De-identified (faces blurred)',
      'None',
    ]);
    expect(within(group).getByRole('radio', { name: 'Original' })).toBeChecked();
    fireEvent.click(within(group).getByRole('radio', { name: 'De-identified (faces blurred)' }));
    expect(group).toHaveAccessibleDescription(/Videos without a blurred copy are left out/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await screen.findByText('Your download of a.zip has started.');
    expect(calls[0]).toBe('/api/sessions/sess-1/async-download/?videos=deidentified');
  });

  it('starts nothing when the choice is cancelled', async () => {
    const calls = serve([]);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download data' }));
    const dialog = screen.getByRole('dialog', { name: 'Download data' });
    // The dialog takes the focus (keyboard users continue in it).
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Download data' })).not.toBeInTheDocument(),
    );
    expect(calls).toEqual([]);
  });

  it('sends videos=none when no video is wanted', async () => {
    const calls = serve([
      { status: 500, body: { state: 'failed', message: 'x', code: 'failed', detail: null } },
    ]);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download data' }));
    fireEvent.click(screen.getByRole('radio', { name: 'None' }));
    expect(screen.getByRole('radiogroup', { name: 'Videos' })).toHaveAccessibleDescription(
      /Only the processed data/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await screen.findByText(/the archive could not be made/);
    expect(calls[0]).toBe('/api/sessions/sess-1/async-download/?videos=none');
  });

  it('offers Download data (old) only with the sync-download flag', () => {
    authStore.update({ allowSyncDownload: true });
    openMenu();
    expect(screen.getByRole('menuitem', { name: 'Download data (old)' })).toBeInTheDocument();
  });

  it('is in German with the German catalogue', async () => {
    await i18n.changeLanguage('de');
    openMenu('Sitzungsmenü');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Daten herunterladen' }));
    const dialog = screen.getByRole('dialog', { name: 'Daten herunterladen' });
    const group = within(dialog).getByRole('radiogroup', { name: 'Videos' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Original', 'Anonymisiert (Gesichter unkenntlich)', 'Keine']);
    expect(within(dialog).getByRole('button', { name: 'Herunterladen' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });
});

describe('waitForArchive', () => {
  it('polls until ready and reports progress', async () => {
    serve([
      { status: 202, body: { state: 'queued', percent: null, message: null } },
      { status: 202, body: { state: 'running', percent: 50, message: 'x' } },
      { status: 200, body: { state: 'ready', url: 'u', file_name: 'f.zip', size_bytes: 1, expires_at: '' } },
    ]);
    const seen: Array<number | null> = [];
    const ready = await waitForArchive(async () => ({ task_id: 't' }), {
      intervalMs: 1,
      onProgress: (p) => seen.push(p.percent),
    });
    expect(ready.url).toBe('u');
    expect(seen).toEqual([null, 50]);
  });
});

describe('trial menu: Download .mot / .trc', () => {
  const trial = (over: Partial<Trial>): Trial =>
    ({
      id: 't1',
      name: 'walk',
      status: 'done',
      trashed: false,
      results: [
        {
          id: 'r1',
          tag: 'ik_results',
          media: '/api/media/k.mot',
          trial_id: 't1',
          device_id: null,
          indices: null,
          meta: {},
        },
        {
          id: 'r2',
          tag: 'marker_data',
          media: '/api/media/m.trc',
          trial_id: 't1',
          device_id: null,
          indices: null,
          meta: {},
        },
      ],
      ...over,
    }) as Trial;

  it('is offered for a processed trial with its files, named after the trial', () => {
    expect(trialFiles(trial({}))).toEqual([
      { url: '/api/media/k.mot', fileName: 'walk.mot' },
      { url: '/api/media/m.trc', fileName: 'walk.trc' },
    ]);
    expect(trialMenuEntries(trial({})).map((e) => e.label)).toContain('Download .mot / .trc');
    expect(trialMenuEntries(trial({ status: 'processing' })).map((e) => e.action)).not.toContain('download');
    expect(trialMenuEntries(trial({ results: [] })).map((e) => e.action)).not.toContain('download');
  });

  it('is not offered for a trashed trial, whose media the server refuses', () => {
    expect(trialMenuEntries(trial({ trashed: true })).map((e) => e.action)).not.toContain('download');
  });
});
