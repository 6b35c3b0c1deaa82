import { Page } from '../../layout/PageTitle';

/** SPEC §2 Calibration (step 2). */
export default function CalibrationPage() {
  return <Page title="Calibration" />;
}
