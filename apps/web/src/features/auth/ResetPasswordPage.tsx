import { Page } from '../../layout/PageTitle';

/** SPEC §2 Reset password. */
export default function ResetPasswordPage() {
  return <Page title="Reset password" />;
}
