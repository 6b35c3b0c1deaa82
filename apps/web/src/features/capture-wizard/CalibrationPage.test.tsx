import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../auth/auth-store';
import { stubApi } from '../../auth/fake-api';
import { i18n } from '../../i18n';
import { renderRoute } from '../../testing/render-route';
import CalibrationPage from './CalibrationPage';

/** The session's latest trial as the status call reports it, with one phone connected. */
function status(trialName: string | null, uploaded: number, expected: number, state = 'done') {
  return {
    status: trialName ? state : 'ready',
    trial_id: trialName ? 't1' : null,
    trial_name: trialName,
    n_videos_uploaded: uploaded,
    n_videos_expected: expected,
    n_cameras_connected: 1,
    devices: [{ id: 'd1', name: 'Pixel', model: null, state: 'idle' }],
    waiting_for: [],
    progress_info: { percent: null, message: null },
    message: null,
    session: null,
  };
}

async function renderWith(answer: ReturnType<typeof status>) {
  authStore.update({ token: 'tok', verified: true, username: 'ann', validUntil: Date.now() + 1e6 });
  stubApi({ 'GET /api/sessions/s1/status/': () => ({ json: answer }) });
  renderRoute('/s1/calibration', '/:id/calibration', <CalibrationPage />);
  // The phones card names the phone once the status has answered.
  await screen.findByText(/^Pixel/);
}

/** Issue #29: before any calibration recording the page showed another trial's '0 of 2 videos uploaded'. */
describe('Calibration step: the upload count', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.clear();
  });

  for (const lang of ['en', 'de'] as const) {
    const count = lang === 'en' ? /\d+ of \d+ videos uploaded/ : /\d+ von \d+ Videos hochgeladen/;

    it(`${lang}: no count while the latest trial is not a calibration`, async () => {
      await i18n.changeLanguage(lang);
      await renderWith(status('walk', 0, 2));
      expect(screen.queryByText(count)).toBeNull();
    });

    it(`${lang}: the count of a calibration recording still uploading`, async () => {
      await i18n.changeLanguage(lang);
      await renderWith(status('calibration', 1, 2, 'uploading'));
      expect(
        await screen.findByText(lang === 'en' ? '1 of 2 videos uploaded' : '1 von 2 Videos hochgeladen'),
      ).toBeInTheDocument();
    });
  }
});
