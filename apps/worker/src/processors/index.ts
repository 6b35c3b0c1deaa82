import type { Processors } from '../runner';
import { processArchive } from './archive';
import { processCalibration } from './calibration';
import { processDynamic } from './dynamic';
import { processNeutral } from './neutral';

/** The real processors, one per trial kind, and those of the other job kinds. */
export function createProcessors(): Processors {
  return {
    calibration: processCalibration,
    neutral: processNeutral,
    dynamic: processDynamic,
    archive: processArchive,
  };
}
