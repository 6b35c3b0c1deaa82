import { Page } from '../../layout/PageTitle';

/** SPEC §2 ConnectDevices (step 1). */
export default function ConnectDevicesPage() {
  return <Page title="Connect devices" />;
}
