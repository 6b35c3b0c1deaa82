import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import type { Visualizer } from '../../../viz/Visualizer';
import { PlaybackControls } from './PlaybackControls';

function renderAt(time: number) {
  const viz = { seek: vi.fn() };
  render(
    <PlaybackControls
      viz={viz as unknown as Visualizer}
      state={{ time, duration: 3, playing: false, speed: 1 }}
    />,
  );
  return { viz, field: screen.getByTestId('time-field') as HTMLInputElement };
}

describe('PlaybackControls time field (issue #29)', () => {
  it('shows and reads the time with a point in English', () => {
    const { viz, field } = renderAt(0.85);
    expect(field).toHaveValue('0.85');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '1.25' } });
    expect(viz.seek).toHaveBeenLastCalledWith(1.25);
  });

  it('shows and reads the time with a decimal comma in German; the arrow keys step by 0.01', async () => {
    await i18n.changeLanguage('de');
    const { viz, field } = renderAt(0.85);
    expect(screen.getByLabelText('Zeit (s)')).toBe(field);
    expect(field).toHaveValue('0,85');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '1,25' } });
    expect(viz.seek).toHaveBeenLastCalledWith(1.25);
    fireEvent.change(field, { target: { value: '1,2,' } });
    expect(viz.seek).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(viz.seek).toHaveBeenLastCalledWith(0.86);
    expect(field).toHaveValue('0,86');
  });
});
