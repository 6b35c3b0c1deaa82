import { Page } from '../../layout/PageTitle';

/** SPEC §2 License. */
export default function LicensePage() {
  return <Page title="Intended use" />;
}
