/** Keys of the wizard catalogue for what is wrong with each board detail; absent when it is right. */
export interface CheckerboardErrors {
  rows?: string;
  cols?: string;
  square?: string;
}

const cornersOk = (n: number) => Number.isInteger(n) && n >= 2 && n <= 50;

/**
 * The board details the server accepts (set_metadata: rows and columns whole numbers 2 to 50, square size
 * above 0 and at most 1000 mm), checked as the user types, so that 0, -3 or 99999 say why Calibrate stays
 * off (issue #29).
 */
export function checkerboardErrors(rows: number, cols: number, squareMm: number): CheckerboardErrors {
  return {
    ...(cornersOk(rows) ? {} : { rows: 'calibration.cornersRange' }),
    ...(cornersOk(cols) ? {} : { cols: 'calibration.cornersRange' }),
    ...(Number.isFinite(squareMm) && squareMm > 0 && squareMm <= 1000
      ? {}
      : { square: 'calibration.squareRange' }),
  };
}
