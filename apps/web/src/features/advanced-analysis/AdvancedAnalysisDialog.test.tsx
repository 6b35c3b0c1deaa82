import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisFunctionItem, AnalysisTrialState, Trial } from '@poselab/contract';
import { createQueryClient } from '../../App';
import { i18n } from '../../i18n';
import { AdvancedAnalysisDialog, isAnalysable } from './AdvancedAnalysisDialog';

function trial(over: Partial<Trial>): Trial {
  return {
    id: 'w',
    name: 'walk',
    status: 'done',
    session: 's',
    created_at: '',
    updated_at: '',
    trashed: false,
    trashed_at: null,
    tags: [],
    videos: [],
    results: [],
    progress_info: { percent: null, message: null },
    meta: {},
    ...over,
  };
}
const walk = trial({});
const trials = [
  trial({ id: 'n', name: 'neutral' }),
  walk,
  trial({ id: 'b', name: 'busy', status: 'processing' }),
];

const state = (over: Partial<AnalysisTrialState>): AnalysisTrialState => ({
  task_id: 'task',
  trial_id: 'w',
  function_id: 'gait',
  state: 'pending',
  message: null,
  menu: [],
  dashboard_id: null,
  result_id: null,
  created_at: '',
  updated_at: '',
  ...over,
});
const fn = (
  id: string,
  title: string,
  states: Record<string, AnalysisTrialState> = {},
): AnalysisFunctionItem => ({
  id,
  title,
  description: `${title} description`,
  info: `${title} info`,
  trials: [],
  states,
});
const done = state({
  state: 'successfull',
  dashboard_id: 'dash1',
  result_id: 'r1',
  menu: [
    { id: 'dashboard', label: 'Open dashboard', result_tag: 'analysis_function_result:gait' },
    { id: 'metrics_csv', label: 'Download metrics (CSV)', result_tag: 'analysis_function_result:gait' },
  ],
});
const failed = state({
  task_id: 'sq',
  function_id: 'squat',
  state: 'failed',
  message: { code: 'no_squats', params: { cm: 8 }, message: 'No squat repetition found: …' },
});

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}

function renderDialog(onClose = () => {}, list = trials) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/session/s']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <AdvancedAnalysisDialog open onClose={onClose} sessionId="s" trial={walk} trials={list} />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Advanced Analysis dialog', () => {
  it('offers processed movement trials only', () => {
    expect(trials.map(isAnalysable)).toEqual([false, true, false]);
    expect(isAnalysable(trial({ trashed: true }))).toBe(false);
  });

  it('says so when there are no functions', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]')),
    );
    renderDialog();
    expect(await screen.findByText('Sorry, there are no available functions.')).toBeInTheDocument();
  });

  it('runs, shows Calculating while the task is polled every second, then the result menu; failures in red', async () => {
    let list: AnalysisFunctionItem[] = [
      fn('gait', 'Gait analysis'),
      fn('squat', 'Squat analysis', { w: failed }),
    ];
    const polls: string[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/analysis-functions/gait/invoke/')) {
        expect(JSON.parse(String(init?.body))).toEqual({ session_id: 's', specific_trial_names: ['walk'] });
        list = [fn('gait', 'Gait analysis', { w: state({}) }), list[1]];
        return new Response(JSON.stringify({ task_id: 'task', tasks: [] }));
      }
      if (url.startsWith('/api/analysis-result/task/')) {
        polls.push(url);
        if (polls.length < 2)
          return new Response(JSON.stringify({ state: 'pending', task_id: 'task' }), { status: 202 });
        list = [fn('gait', 'Gait analysis', { w: done }), list[1]];
        return new Response(JSON.stringify({ ...done, menu: done.menu }));
      }
      if (url.startsWith('/api/analysis-functions/')) return new Response(JSON.stringify(list));
      if (url.startsWith('/api/sessions/')) return new Response('{}', { status: 404 });
      throw new Error(`unexpected ${url}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderDialog();
    // Titles and descriptions come from the analysis catalogue.
    const gait = await screen.findByTestId('analysis-function-gait');
    expect(within(gait).getByRole('heading', { name: 'Gait analysis' })).toBeInTheDocument();
    expect(within(gait).getByText(/Speed, stride and step lengths/)).toBeInTheDocument();
    expect(screen.getByTestId('analysis-state-gait-walk')).toHaveAttribute('data-state', 'not_run');
    const squatState = screen.getByTestId('analysis-state-squat-walk');
    expect(squatState).toHaveAttribute('data-state', 'failed');
    const message = within(squatState).getByRole('alert');
    expect(message).toHaveTextContent(/^No squat repetition found: the pelvis must lower by at least 8 cm/);
    expect(getComputedStyle(message).color).toBe('rgb(211, 47, 47)');

    await user.click(within(gait).getByRole('button', { name: 'Run Gait analysis' }));
    await waitFor(() =>
      expect(screen.getByTestId('analysis-state-gait-walk')).toHaveAttribute('data-state', 'pending'),
    );
    expect(
      within(screen.getByTestId('analysis-state-gait-walk')).getByText('Calculating…'),
    ).toBeInTheDocument();
    await waitFor(
      () =>
        expect(screen.getByTestId('analysis-state-gait-walk')).toHaveAttribute('data-state', 'successfull'),
      { timeout: 4000 },
    );
    expect(polls.length).toBeGreaterThanOrEqual(2);
    const row = screen.getByTestId('analysis-state-gait-walk');
    expect(within(row).getByText('Successful')).toBeInTheDocument();
    expect(within(gait).getByRole('button', { name: 'Re-run Gait analysis' })).toBeEnabled();
    await user.click(within(row).getByRole('button', { name: 'Open dashboard' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/analysis-dashboard/dash1/?trialId=w');
  });

  it('shows Calculating from the click even when the run has failed by the time the list is read again', async () => {
    let list: AnalysisFunctionItem[] = [fn('gait', 'Gait analysis')];
    let answerInvoke = () => {};
    const fetchMock = vi.fn(async (url: string) => {
      if (url.startsWith('/api/analysis-functions/gait/invoke/')) {
        // The server fails the run at once: the next read of the list already says failed.
        list = [fn('gait', 'Gait analysis', { w: state({ state: 'failed', message: failed.message }) })];
        await new Promise<void>((resolve) => (answerInvoke = resolve));
        return new Response(JSON.stringify({ task_id: 'task', tasks: [] }));
      }
      if (url.startsWith('/api/analysis-functions/')) return new Response(JSON.stringify(list));
      return new Response('{}', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderDialog();
    const gait = await screen.findByTestId('analysis-function-gait');
    const seen: string[] = [];
    const record = () => {
      const s = screen.getByTestId('analysis-state-gait-walk').getAttribute('data-state')!;
      if (s !== seen.at(-1)) seen.push(s);
    };
    record();
    const observer = new MutationObserver(record);
    observer.observe(document.body, { subtree: true, attributes: true, childList: true });
    await user.click(within(gait).getByRole('button', { name: 'Run Gait analysis' }));
    await waitFor(() =>
      expect(screen.getByTestId('analysis-state-gait-walk')).toHaveAttribute('data-state', 'pending'),
    );
    answerInvoke();
    await waitFor(() =>
      expect(screen.getByTestId('analysis-state-gait-walk')).toHaveAttribute('data-state', 'failed'),
    );
    observer.disconnect();
    expect(seen).toEqual(['not_run', 'pending', 'failed']);
    expect(within(screen.getByTestId('analysis-state-gait-walk')).getByRole('alert')).toBeInTheDocument();
  });

  it('opens the dashboard with this trial first and every other chosen trial done on it', async () => {
    const walk2 = trial({ id: 'w2', name: 'walk_2' });
    const walk3 = trial({ id: 'w3', name: 'walk_3' });
    const gait = fn('gait', 'Gait analysis', {
      w: done,
      w2: { ...done, trial_id: 'w2', task_id: 't2' },
      w3: { ...state({ trial_id: 'w3', task_id: 't3' }) },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/analysis-functions/')) return new Response(JSON.stringify([gait]));
        if (url.startsWith('/api/analysis-result/')) return new Response('{}', { status: 202 });
        return new Response('{}', { status: 404 });
      }),
    );
    const user = userEvent.setup();
    renderDialog(() => {}, [...trials, walk2, walk3]);
    await screen.findByTestId('analysis-function-gait');
    for (const name of ['walk_2', 'walk_3']) {
      await user.click(screen.getByRole('combobox', { name: 'Trials to analyse' }));
      await user.click(await screen.findByRole('option', { name }));
    }
    const row = await screen.findByTestId('analysis-state-gait-walk_2');
    await user.click(within(row).getByRole('button', { name: 'Open dashboard' }));
    // walk_3 is still calculating: not shown.
    expect(screen.getByTestId('where')).toHaveTextContent('/analysis-dashboard/dash1/?trialId=w2,w');
  });

  it('renders in German through both catalogues', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([fn('squat', 'Squat analysis', { w: failed })]))),
    );
    await i18n.changeLanguage('de');
    renderDialog();
    const card = await screen.findByTestId('analysis-function-squat');
    expect(within(card).getByRole('heading', { name: 'Kniebeugenanalyse' })).toBeInTheDocument();
    expect(within(card).getByText('Fehlgeschlagen')).toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent(
      /^Keine Kniebeuge gefunden: Das Becken muss sich um mindestens 8 cm/,
    );
    expect(
      within(card).getByRole('button', { name: 'Erneut starten Kniebeugenanalyse' }),
    ).toBeInTheDocument();
  });
});
