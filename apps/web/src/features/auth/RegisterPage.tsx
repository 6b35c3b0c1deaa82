import { Page } from '../../layout/PageTitle';

/** SPEC §2 Register. */
export default function RegisterPage() {
  return <Page title="Register for a 30-day free trial" />;
}
