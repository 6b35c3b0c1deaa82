import { Page } from '../../layout/PageTitle';

/** SPEC §2 Analysis dashboard. */
export default function AnalysisDashboardPage() {
  return <Page title="Analysis dashboard" />;
}
