import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LICENSE_WARNING_DAYS } from '@poselab/contract';
import { useAuth } from '../auth/auth-store';
import { useFormat } from '../i18n/format';
import { daysUntil } from '../routing/guard';

/** SPEC §2 banners: warning within 14 days (with the end date), error when expired, notice otherwise. */
export function LicenseBanners() {
  const { t } = useTranslation('layout');
  const format = useFormat();
  const auth = useAuth();
  if (!auth.token || !auth.verified) return null;
  const days = daysUntil(auth.licenseEndDate);
  const date = auth.licenseEndDate ? format.date(auth.licenseEndDate.slice(0, 10)) : '';
  if (days < 0) {
    return (
      <Alert severity="error" square>
        {t('banner.expired', { date })}
      </Alert>
    );
  }
  if (days <= LICENSE_WARNING_DAYS) {
    return (
      <Alert severity="warning" square>
        {t('banner.expiresSoon', { date, count: days })}
      </Alert>
    );
  }
  return (
    <Alert severity="info" square>
      {t('banner.switching')}
    </Alert>
  );
}
