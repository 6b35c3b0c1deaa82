import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_MESSAGES, LICENSE_MESSAGES } from '@poselab/contract';
import { authStore } from '../../auth/auth-store';
import { createQueryClient } from '../../App';
import { ToastProvider } from '../../toast/toast';
import { Recorder } from './Recorder';

/** Fake server for the recording calls; answers by path and remembers what was called. */
function fakeServer(maxSeconds: number) {
  const calls: string[] = [];
  let status = 'recording';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      calls.push(path);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (path.endsWith('/record/')) return json({ id: 't1', max_seconds: maxSeconds, n_devices: 2 });
      if (path.endsWith('/stop/')) {
        status = 'uploading';
        return json({ status, id: 't1' });
      }
      if (path.endsWith('/cancel_trial/')) return json({ cancelled: 't1' });
      if (path.endsWith('/status/')) {
        return json({
          status,
          trial_id: 't1',
          trial_name: 'walk',
          n_videos_uploaded: 0,
          n_videos_expected: 2,
          n_cameras_connected: 2,
          progress_info: { percent: null, message: null },
          message: null,
          devices: [],
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

function renderRecorder(framerate: number) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <Recorder sessionId="s1" framerate={framerate} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  authStore.update({ licenseEndDate: null });
});

describe('Recorder', () => {
  it('checks the trial name before recording', async () => {
    const calls = fakeServer(60);
    renderRecorder(60);
    fireEvent.change(screen.getByRole('textbox', { name: 'Trial name' }), { target: { value: 'bad name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(await screen.findByText('Spaces not allowed')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows elapsed time, stops by itself at the 240 fps limit of 15 s, then offers Cancel Upload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const calls = fakeServer(15);
    renderRecorder(240);
    expect(screen.getByText('Up to 15 s at 240 fps')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Trial name' }), { target: { value: 'sprint_1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_100);
    });
    expect(screen.getByRole('button', { name: 'Stop recording 00:03' })).toBeInTheDocument();
    expect(calls.filter((c) => c.endsWith('/status/'))).toHaveLength(1); // read 1.5 s after start
    await act(async () => {
      await vi.advanceTimersByTimeAsync(12_500);
    });
    expect(calls.some((c) => c.endsWith('/stop/'))).toBe(true);
    expect(screen.getByText(DEVICE_MESSAGES.timeLimit)).toBeInTheDocument();
    const cancel = screen.getByRole('button', { name: 'Cancel Upload' });
    await act(async () => {
      fireEvent.click(cancel);
    });
    expect(calls.some((c) => c.endsWith('/cancel_trial/'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeInTheDocument();
  });

  it('keeps Start recording disabled with the license message once the license has expired', () => {
    authStore.update({ licenseEndDate: '2020-01-31' });
    const calls = fakeServer(60);
    renderRecorder(60);
    fireEvent.change(screen.getByRole('textbox', { name: 'Trial name' }), { target: { value: 'walk' } });
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeDisabled();
    expect(screen.getByText(LICENSE_MESSAGES.expired)).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Trial name' }), { key: 'Enter' });
    expect(calls).toEqual([]);
  });
});
