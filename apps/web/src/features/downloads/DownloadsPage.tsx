import { Page } from '../../layout/PageTitle';

/** SPEC §2 Downloads. */
export default function DownloadsPage() {
  return <Page title="Downloads" />;
}
