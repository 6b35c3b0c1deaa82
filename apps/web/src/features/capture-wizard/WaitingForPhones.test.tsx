import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import type { CaptureStatusReply } from './api';
import { trialErrorText, WaitingForPhones } from './WaitingForPhones';

const status = (waiting: CaptureStatusReply['waiting_for']): CaptureStatusReply => ({
  status: 'uploading',
  trial_id: 't1',
  trial_name: 'neutral',
  n_videos_uploaded: 2,
  n_videos_expected: 4,
  n_cameras_connected: 3,
  progress_info: { percent: null, message: null },
  message: null,
  devices: [],
  waiting_for: waiting,
});

describe('WaitingForPhones (issue #19)', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('names each missing phone, says why it is missing, and offers to cancel', () => {
    const onCancel = vi.fn();
    render(
      <WaitingForPhones
        onCancel={onCancel}
        status={status([
          {
            id: 'a',
            name: 'Camera 3',
            model: 'Pixel 7',
            connected: true,
            received_bytes: 512,
            total_bytes: 2048,
          },
          { id: 'b', name: 'Camera 4', model: '', connected: false, received_bytes: null, total_bytes: null },
        ])}
      />,
    );
    expect(screen.getByText('Waiting for videos: 2 of 4 uploaded')).toBeInTheDocument();
    expect(screen.getByText('Camera 3 (Pixel 7) is uploading its video (25 %).')).toBeInTheDocument();
    expect(
      screen.getByText('Camera 4 is not connected. Reconnect it with the QR code, or cancel the recording.'),
    ).toBeInTheDocument();
    // A phone that is not connected makes it a warning, not a mere note.
    expect(screen.getByRole('status').className).toMatch(/Warning/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel recording' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('speaks German, and renders coded trial errors in the user’s language', async () => {
    await i18n.changeLanguage('de');
    render(
      <WaitingForPhones
        status={status([
          {
            id: 'a',
            name: 'Camera 2',
            model: 'iPhone',
            connected: true,
            received_bytes: null,
            total_bytes: null,
          },
        ])}
      />,
    );
    expect(
      screen.getByText('Kamera 2 (iPhone) hat noch nicht begonnen, sein Video hochzuladen.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    const t = i18n.getFixedT('de', 'security');
    expect(
      trialErrorText(t, {
        error_msg: 'No video arrived from Camera 2 within 24 hours.',
        error_code: 'upload_abandoned',
        error_params: { phones: ['Camera 2 (iPhone)'] },
      }),
    ).toBe(
      'Von Kamera 2 (iPhone) ist innerhalb von 24 Stunden kein Video eingetroffen. Bitte nehmen Sie die Aufnahme erneut vor.',
    );
    expect(trialErrorText(t, { error_msg: 'Something else' })).toBe('Something else');
  });
});
