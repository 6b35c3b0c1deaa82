import { Page } from '../../layout/PageTitle';

/** SPEC §2 Chart page (Kinematics dashboard). */
export default function DashboardPage() {
  return <Page title="Kinematics dashboard" />;
}
