import '@testing-library/jest-dom/vitest';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import { checkerboardErrors } from './checkerboard-form';
import { WizardSteps } from './WizardParts';

/** Issue #29: the stepper ticks only what is done; board details out of range say so. */
describe('wizard steps and board details', () => {
  const ticked = (container: HTMLElement) =>
    [...container.querySelectorAll('.MuiStep-root')].map((s) => s.classList.contains('Mui-completed'));

  it('ticks no step before the active one unless it is done', () => {
    const { container, rerender } = render(<WizardSteps active={1} />);
    expect(ticked(container)).toEqual([false, false, false, false]);
    rerender(<WizardSteps active={2} done={['connect']} />);
    expect(ticked(container)).toEqual([true, false, false, false]);
    rerender(<WizardSteps active={2} done={['connect', 'calibration']} />);
    expect(ticked(container)).toEqual([true, true, false, false]);
  });

  it('refuses 0, -3, 99999 and fractions of corners, and square sizes out of range', () => {
    expect(checkerboardErrors(4, 5, 35)).toEqual({});
    expect(checkerboardErrors(0, -3, 99999)).toEqual({
      rows: 'calibration.cornersRange',
      cols: 'calibration.cornersRange',
      square: 'calibration.squareRange',
    });
    expect(checkerboardErrors(4.5, 51, 0)).toEqual({
      rows: 'calibration.cornersRange',
      cols: 'calibration.cornersRange',
      square: 'calibration.squareRange',
    });
    expect(checkerboardErrors(2, 50, 1000)).toEqual({});
    expect(checkerboardErrors(4, 5, Number.NaN).square).toBe('calibration.squareRange');
  });
});
