import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Trial, TrialQuality } from '@poselab/contract';
import { createQueryClient } from '../../../App';
import { i18n } from '../../../i18n';
import { TrialList } from '../TrialList';
import { QualityPanel } from './QualityPanel';

const quality: TrialQuality = {
  ik_marker_rms_mm: 21.46,
  ik_marker_worst: [
    { marker: 'r_big_toe', rms_mm: 48.2 },
    { marker: 'l_big_toe', rms_mm: 40 },
  ],
  coordinates_at_limit: [{ coordinate: 'hip_flexion_l', limit: 'min', frames_pct: 12.5 }],
  reprojection: {
    mean_px: 9.9,
    per_camera: [
      { device_id: 'd1', camera: 'Camera 1', mean_px: 8.1 },
      { device_id: 'd3', camera: 'Camera 3', mean_px: 11.7 },
    ],
    per_keypoint: Array.from({ length: 8 }, (_, i) => ({ keypoint: `kp${i}`, mean_px: i + 1 })),
  },
  cameras_left_out: [
    { device_id: 'd2', camera: 'Camera 2', code: 'no_subject', reason: 'Subject not visible' },
    {
      device_id: 'd4',
      camera: 'Camera 4',
      code: 'camera_out_of_sync',
      reason: 'Camera 4 was left out: out of sync.',
    },
  ],
};

function trial(over: Partial<Trial> & Pick<Trial, 'id' | 'name'>): Trial {
  return {
    status: 'done',
    session: 's1',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    trashed: false,
    trashed_at: null,
    tags: [],
    videos: [],
    results: [],
    progress_info: { percent: 100, message: null },
    meta: {},
    ...over,
  };
}

const warned = trial({
  id: 't1',
  name: 'balancing',
  meta: {
    quality,
    warnings: [
      {
        code: 'camera_left_out',
        params: { camera: 'Camera 2', reason: 'Subject not visible' },
        message: 'x',
      },
      { code: 'brand_new_code', params: {}, message: 'A reason this web app has no text for.' },
    ],
  },
});
const clean = trial({ id: 't2', name: 'walk' });
const failed = trial({
  id: 't3',
  name: 'jump',
  status: 'error',
  meta: { error_msg: 'IK marker error 15.3 cm.' },
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]')),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderList(trials: Trial[]) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <TrialList
        trials={trials}
        shown={[]}
        isOwner={false}
        onShow={() => undefined}
        onToggle={() => undefined}
        onAction={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe('trial list: Done with warnings', () => {
  it('marks done trials with warnings and lists the reasons from the keyboard', async () => {
    const user = userEvent.setup();
    renderList([warned, clean, failed]);
    expect(within(screen.getByTestId('trial-balancing')).getByText('Done with warnings')).toBeVisible();
    expect(within(screen.getByTestId('trial-walk')).getByText('Done')).toBeVisible();
    expect(within(screen.getByTestId('trial-jump')).getByText('IK marker error 15.3 cm.')).toBeVisible();
    expect(screen.queryByTestId('trial-warnings-walk')).toBeNull();

    const toggle = screen.getByRole('button', { name: /Show the warnings of balancing: 2 warnings/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Warnings of balancing' });
    expect(within(list).getByText('Camera 2 was left out: Subject not visible')).toBeVisible();
    // A code this web app does not know shows the stored English message.
    expect(within(list).getByText('A reason this web app has no text for.')).toBeVisible();
  });

  it('speaks German where the catalogue has the code', async () => {
    await i18n.changeLanguage('de');
    const user = userEvent.setup();
    renderList([warned]);
    expect(screen.getByText('Fertig mit Warnungen')).toBeVisible();
    await user.click(screen.getByRole('button', { name: /2 Warnungen/ }));
    expect(screen.getByText('Camera 2 wurde nicht verwendet: Subject not visible')).toBeVisible();
  });
});

describe('quality panel', () => {
  it('shows the figures, the warnings and long lists shortened', async () => {
    const user = userEvent.setup();
    render(<QualityPanel trials={[warned, failed]} initial="t1" />);
    const panel = screen.getByTestId('quality-panel');
    expect(within(panel).getByRole('heading', { name: 'Quality of balancing' })).toBeVisible();
    expect(within(panel).getByText('21.5 mm')).toBeVisible();
    expect(within(panel).getByText('r_big_toe: 48.2 mm')).toBeVisible();
    expect(within(panel).getByText('hip_flexion_l at minimum in 12.5 % of frames')).toBeVisible();
    expect(within(panel).getByText('Camera 3: 11.7 px')).toBeVisible();
    expect(within(panel).getByText('Camera 2: Subject not visible')).toBeVisible();
    expect(within(panel).getByText('Camera 4 was left out: out of sync.')).toBeVisible();
    // Keypoints worst first, five shown until asked for all.
    expect(within(panel).getByText('kp7: 8 px')).toBeVisible();
    expect(within(panel).queryByText('kp0: 1 px')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Show all 8' }));
    expect(within(panel).getByText('kp0: 1 px')).toBeVisible();
    expect(within(panel).getByRole('list', { name: 'Warnings of balancing' })).toBeVisible();
  });

  it('shows a failed trial with its error message', async () => {
    render(<QualityPanel trials={[warned, failed]} initial="t3" />);
    expect(screen.getByRole('heading', { name: 'Quality of jump' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('IK marker error 15.3 cm.');
  });
});
