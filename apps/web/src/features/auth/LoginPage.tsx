import { Page } from '../../layout/PageTitle';

/** SPEC §2 Login (built by the accounts issue). */
export default function LoginPage() {
  return <Page title="Login" />;
}
