import { LICENSE_MESSAGES, licenseExpired } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { forbidden } from '../http/http-error';
import type { UserRow } from '../repositories/user.repository';

/**
 * SPEC §6: an expired license removes access to recording. The web app hides the controls; the server
 * refuses the calls that start new capture work (a new session, new session same setup, a recording) with
 * 403, so an old tab or a script cannot go around it. Viewing, downloading and deleting stay allowed.
 */
export function assertLicenseActive(deps: AppDeps, user: Pick<UserRow, 'license_end_date'>): void {
  if (licenseExpired(user.license_end_date, deps.clock.now())) throw forbidden(LICENSE_MESSAGES.expired);
}
