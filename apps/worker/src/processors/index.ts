import type { Processors } from '../runner';
import { processArchive } from './archive';
import { processCalibration } from './calibration';
import { processDynamic } from './dynamic';
import { processNeutral } from './neutral';
import { processReport } from './report';
import { processAnalysis } from './analysis';

/** The real processors, one per job kind this worker runs. */
export function createProcessors(): Processors {
  return {
    calibration: processCalibration,
    neutral: processNeutral,
    dynamic: processDynamic,
    archive: processArchive,
    report: processReport,
    analysis: processAnalysis,
  };
}
