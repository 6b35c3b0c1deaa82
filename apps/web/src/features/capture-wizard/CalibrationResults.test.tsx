import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CalibrationCameraReport, CalibrationReport } from '@poselab/contract';
import { i18n } from '../../i18n';
import type { CalibrationView } from './calibration-result';
import { CalibrationResults } from './CalibrationResults';

const camera = (number: number, over: Partial<CalibrationCameraReport> = {}): CalibrationCameraReport => ({
  device_id: `dev-${number}`,
  device_name: `Pixel ${number}`,
  number,
  ok: true,
  kept: false,
  issues: [],
  frames_searched: 24,
  frames_with_board: 24,
  intrinsics_source: 'profile',
  reprojection_error_px: 0.214,
  height_m: 0.35,
  distance_to_board_m: 2.874,
  agreement_m: 0.0083,
  agreement_px: 1.2,
  board_window_s: [0.2, 3.8],
  camera: null,
  ...over,
});

const report = (
  cameras: CalibrationCameraReport[],
  over: Partial<CalibrationReport> = {},
): CalibrationReport => ({
  ok: true,
  message: '2 devices calibrated successfully.',
  n_calibrated: cameras.filter((c) => c.ok).length,
  placement: 'Perpendicular',
  height_reference: 'board_corner',
  board_tilt_deg: 88,
  timing: 'checked',
  issues: [],
  cameras,
  recalibrated_from: null,
  ...over,
});

const late = {
  code: 'board_seen_apart',
  params: { camera: 3, seconds: 2.4, when: 'after', others: '1, 2' },
  message: 'camera 3 saw the board 2.4 s after the others: keep the board still while calibrating',
};

const view = (r: CalibrationReport): CalibrationView => ({
  trialId: 't1',
  status: r.ok ? 'done' : 'error',
  report: r,
  images: { 'dev-1': '/media/1.png', 'dev-2': '/media/2.png', 'dev-3': '/media/3.png' },
  error: null,
});

describe('CalibrationResults', () => {
  it("shows each camera's image and figures, and the reason a camera was refused", () => {
    const onRecordOne = vi.fn();
    render(
      <CalibrationResults
        view={view(
          report([
            camera(1),
            camera(2, { agreement_m: null }),
            camera(3, { ok: false, issues: [late], intrinsics_source: null }),
          ]),
        )}
        busy={false}
        onRecordOne={onRecordOne}
      />,
    );
    expect(screen.getByText('2 cameras calibrated and in agreement.')).toBeInTheDocument();
    expect(screen.getByText(/1 camera was not calibrated/)).toBeInTheDocument();
    const cam1 = screen.getByRole('article', { name: 'Camera 1 · Pixel 1' });
    expect(
      within(cam1).getByRole('img', { name: /Calibration image of camera 1 \(Pixel 1\)/ }),
    ).toHaveAttribute('src', '/media/1.png');
    const figures = within(cam1).getByLabelText('Figures of camera 1');
    expect(figures).toHaveTextContent('Reprojection error0.21 px');
    expect(figures).toHaveTextContent("Height above the board's first corner0.35 m");
    expect(figures).toHaveTextContent('Distance to the board2.87 m');
    expect(figures).toHaveTextContent('Agreement with the other cameraswithin 0.8 cm');
    expect(figures).toHaveTextContent('Board seen in24 of 24 frames');
    expect(
      within(screen.getByRole('article', { name: 'Camera 2 · Pixel 2' })).getByText(/not measured/),
    ).toBeInTheDocument();
    const cam3 = screen.getByRole('article', { name: 'Camera 3 · Pixel 3' });
    expect(within(cam3).getByText('Refused')).toBeInTheDocument();
    expect(
      within(cam3).getByText(
        'Camera 3 saw the board 2.4 s after the others: keep the board still while calibrating.',
      ),
    ).toBeInTheDocument();
    within(cam3).getByRole('button', { name: 'Re-record camera 3' }).click();
    expect(onRecordOne).toHaveBeenCalledWith('dev-3');
  });

  it('says why a calibration was refused as a whole, in German too', async () => {
    const disagree = (n: number) => ({
      code: 'cameras_disagree',
      params: { camera: 1, other: 2, cm: 18 },
      message: `cameras 1 and 2 disagree on the board's position by 18 cm (${n})`,
    });
    const refused = report(
      [camera(1, { ok: false, issues: [disagree(1)] }), camera(2, { ok: false, issues: [disagree(2)] })],
      {
        ok: false,
        n_calibrated: 0,
        issues: [
          {
            code: 'too_few_cameras',
            params: { calibrated: 0, required: 2 },
            message: 'no camera was calibrated: at least 2 cameras must see the whole board at the same time',
          },
        ],
      },
    );
    const { unmount } = render(
      <CalibrationResults view={view(refused)} busy={false} onRecordOne={() => undefined} />,
    );
    expect(screen.getByText(/The calibration was refused/)).toBeInTheDocument();
    expect(screen.getAllByText("Cameras 1 and 2 disagree on the board's position by 18 cm.")).toHaveLength(2);
    // Nothing calibrated: no camera to re-record through.
    expect(screen.queryByRole('button', { name: 'Re-record camera 1' })).toBeNull();
    unmount();
    await i18n.changeLanguage('de');
    render(<CalibrationResults view={view(refused)} busy={false} onRecordOne={() => undefined} />);
    expect(
      screen.getByText(
        'Keine Kamera wurde kalibriert: Mindestens 2 Kameras müssen das ganze Brett zur selben Zeit sehen.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText('Die Kameras 1 und 2 weichen bei der Position des Bretts um 18 cm voneinander ab.'),
    ).toHaveLength(2);
  });

  it('formats numbers and placement words in German', async () => {
    await i18n.changeLanguage('de');
    const r = report([camera(1), camera(2, { ok: false, issues: [late] })], { height_reference: 'floor' });
    render(<CalibrationResults view={view(r)} busy={false} onRecordOne={() => undefined} />);
    expect(screen.getByLabelText('Kennzahlen von Kamera 1')).toHaveTextContent('Höhe über dem Boden0,35 m');
    expect(
      screen.getByText(
        'Kamera 3 hat das Brett 2,4 s nach den anderen gesehen: Halten Sie das Brett während der Kalibrierung still.',
      ),
    ).toBeInTheDocument();
  });
});
