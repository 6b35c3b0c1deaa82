import { Page } from '../../layout/PageTitle';

/** SPEC §2 Verify. */
export default function VerifyPage() {
  return <Page title="Verify" />;
}
