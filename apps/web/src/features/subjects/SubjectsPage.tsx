import { Page } from '../../layout/PageTitle';

/** SPEC §2 Subjects. */
export default function SubjectsPage() {
  return <Page title="Subjects" />;
}
