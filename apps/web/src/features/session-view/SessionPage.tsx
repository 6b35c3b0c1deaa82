import { Page } from '../../layout/PageTitle';

/** SPEC §2 Session view (step 5). */
export default function SessionPage() {
  return <Page title="Session" />;
}
