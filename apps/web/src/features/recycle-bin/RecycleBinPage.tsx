import { Page } from '../../layout/PageTitle';

/** SPEC §2 Recycle bin. */
export default function RecycleBinPage() {
  return <Page title="Recycle Bin" />;
}
