import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportCalibrationPreview } from '@poselab/contract';
import { ImportMappingDialog, mappingProblems } from './ImportMappingDialog';

const preview: ImportCalibrationPreview = {
  source: 'qualisys',
  cameras: ['cam_01', 'cam_02', 'cam_03', 'cam_04'].map((name, index) => ({
    index,
    name,
    width: 1088,
    height: 1920,
  })),
  devices: [
    { id: 'a', name: 'Pixel 7', number: 1 },
    { id: 'b', name: 'iPhone 13', number: 2 },
  ],
  mapping: ['a', 'b', null, null],
};

describe('ImportMappingDialog', () => {
  it('shows the proposal, names the cameras left out and sends the assignment chosen', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(
      <ImportMappingDialog
        fileName="Calib.qca.txt"
        preview={preview}
        onCancel={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText(/Calib.qca.txt holds 4 cameras and 2 phones are paired/)).toBeInTheDocument();
    const first = screen.getByRole('combobox', { name: 'Phone for cam_01' });
    expect(first).toHaveValue('a');
    expect(screen.getByRole('combobox', { name: 'Phone for cam_03' })).toHaveValue('');
    expect(screen.getByText('2 of 4 cameras assigned.')).toBeInTheDocument();
    expect(
      screen.getByText(/The file has 2 cameras more than there are phones\. Not used: cam_03, cam_04\./),
    ).toBeInTheDocument();

    // cam_03 stood where phone 1 stands; cam_01 is not used.
    fireEvent.change(screen.getByRole('combobox', { name: 'Phone for cam_03' }), { target: { value: 'a' } });
    expect(screen.getAllByText('Camera 1 · Pixel 7 is chosen for more than one camera.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    fireEvent.change(first, { target: { value: '' } });
    expect(screen.getByText('2 of 4 cameras assigned.')).toBeInTheDocument();
    expect(screen.getByText(/Not used: cam_01, cam_04\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith([null, 'b', 'a', null]));
  });

  it('needs 2 cameras assigned and shows the server refusal', async () => {
    expect(mappingProblems(['a', null]).tooFew).toBe(true);
    const onSubmit = vi.fn(async () => {
      throw new Error('The calibration file could not be read.');
    });
    render(
      <ImportMappingDialog
        fileName="x.toml"
        preview={preview}
        onCancel={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The calibration file could not be read.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Phone for cam_02' }), { target: { value: '' } });
    expect(screen.getByText('Assign at least 2 cameras to phones.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
