import { Page } from '../../layout/PageTitle';

/** SPEC §2 New password. */
export default function NewPasswordPage() {
  return <Page title="New password" />;
}
