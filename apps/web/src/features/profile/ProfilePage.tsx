import { Page } from '../../layout/PageTitle';

/** SPEC §2 Profile. */
export default function ProfilePage() {
  return <Page title="Profile" />;
}
