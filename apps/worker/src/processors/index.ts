import type { Processors } from '../runner';
import { processCalibration } from './calibration';
import { processDynamic } from './dynamic';
import { processNeutral } from './neutral';
import { processAnalysis } from './analysis';

/** The real processors, one per trial kind. */
export function createProcessors(): Processors {
  return {
    calibration: processCalibration,
    neutral: processNeutral,
    dynamic: processDynamic,
    analysis: processAnalysis,
  };
}
