import { useTranslation } from 'react-i18next';
import { Page } from '../../layout/PageTitle';

/** SPEC §2 Analysis dashboard. */
export default function AnalysisDashboardPage() {
  const { t } = useTranslation('layout');
  return <Page title={t('analysisDashboard')} />;
}
