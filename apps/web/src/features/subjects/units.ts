import { formatFeetInches, kgToLb, type UnitSystem } from '@poselab/contract';
import { formatNumber } from '../../i18n/format';

/** A stored weight in the user's unit with the UI language's decimal mark: '68.04 kg', '68,04 kg', '150 lbs'. */
export function displayWeight(weightKg: number, unit: UnitSystem): string {
  return unit === 'imperial'
    ? `${formatNumber(kgToLb(weightKg), { maximumFractionDigits: 1 })} lbs`
    : `${formatNumber(weightKg, { maximumFractionDigits: 2 })} kg`;
}

/** A stored height in the user's unit: '1.8 m' / '1,8 m', or feet and inches (5'6"). */
export function displayHeight(heightM: number, unit: UnitSystem): string {
  return unit === 'imperial'
    ? formatFeetInches(heightM)
    : `${formatNumber(heightM, { maximumFractionDigits: 2 })} m`;
}
