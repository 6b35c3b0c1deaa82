import { Page } from '../../layout/PageTitle';

/** SPEC §2 SelectSession. */
export default function SelectSessionPage() {
  return <Page title="Sessions" />;
}
