/** Filter frequency rules of SPEC §Settings: 'default' = 12 Hz for gait, else half the frame rate; cap at half. */
export interface ResolvedFilterFrequency {
  /** Cut-off in Hz; equal to half the frame rate means "no filtering". */
  frequencyHz: number;
  warning?: string;
}

export const GAIT_DEFAULT_FILTER_HZ = 12;

export function resolveFilterFrequency(
  setting: 'default' | number | string | undefined,
  fps: number,
  isGait: boolean,
): ResolvedFilterFrequency {
  if (!(fps > 0)) throw new Error(`Invalid frame rate ${fps}`);
  const half = fps / 2;
  const defaultHz = (): number => (isGait ? Math.min(GAIT_DEFAULT_FILTER_HZ, half) : half);
  if (setting === undefined || setting === 'default') return { frequencyHz: defaultHz() };
  const value = typeof setting === 'number' ? setting : Number(String(setting).trim());
  if (!Number.isFinite(value) || value <= 0 || (typeof setting === 'string' && setting.trim() === '')) {
    return { frequencyHz: defaultHz(), warning: 'Invalid filter frequency. Using default.' };
  }
  if (value > half) {
    return {
      frequencyHz: half,
      warning: `Too large filter frequency. Using half the framerate (${half} Hz) instead.`,
    };
  }
  return { frequencyHz: value };
}
