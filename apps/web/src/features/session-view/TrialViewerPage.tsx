import { Page } from '../../layout/PageTitle';

/** Legacy trial viewer (route parameter trial_id). */
export default function TrialViewerPage() {
  return <Page title="Trial" />;
}
