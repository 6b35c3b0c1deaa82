import { Alert } from '@mui/material';
import { LICENSE_WARNING_DAYS } from '@poselab/contract';
import { useAuth } from '../auth/auth-store';
import { daysUntil } from '../routing/guard';

/** SPEC §2 banners: warning within 14 days (with the end date), error when expired, notice otherwise. */
export function LicenseBanners() {
  const auth = useAuth();
  if (!auth.token || !auth.verified) return null;
  const days = daysUntil(auth.licenseEndDate);
  const end = auth.licenseEndDate
    ? new Date(`${auth.licenseEndDate.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US')
    : '';
  if (days < 0) {
    return (
      <Alert severity="error" square>
        Your license expired on {end}. Recording new sessions is disabled; your data stays available.
      </Alert>
    );
  }
  if (days <= LICENSE_WARNING_DAYS) {
    return (
      <Alert severity="warning" square>
        Your license expires on {end} ({days} day{days === 1 ? '' : 's'} left).
      </Alert>
    );
  }
  return (
    <Alert severity="info" square>
      Switching from an older recording app? Its support ends Nov 7: pair any phone's browser by QR code
      instead, no app needed.
    </Alert>
  );
}
