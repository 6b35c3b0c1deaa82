import { Page } from '../../layout/PageTitle';

/** SPEC §2 Neutral (step 4). */
export default function NeutralPage() {
  return <Page title="Neutral pose" />;
}
