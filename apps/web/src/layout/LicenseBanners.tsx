import { Alert, Link } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENSE_WARNING_DAYS } from '@poselab/contract';
import { useAuth } from '../auth/auth-store';
import { useFormat } from '../i18n/format';
import { daysUntil } from '../routing/guard';
import { OLD_APP_SUPPORT_ENDS, oldAppNoticeDue } from './old-app-notice';
import { mailto, useSupportEmail } from './support';

const DISMISSED_KEY = 'poselab.switchingNoticeClosed';

/**
 * SPEC §2 banners: warning within 14 days (with the end date), error when expired, each saying whom to ask
 * (issue #29); otherwise the older app's notice until its support ends, which the user may close.
 */
export function LicenseBanners() {
  const { t } = useTranslation('layout');
  const format = useFormat();
  const auth = useAuth();
  const supportEmail = useSupportEmail();
  const [closed, setClosed] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1');
  if (!auth.token || !auth.verified) return null;
  const days = daysUntil(auth.licenseEndDate);
  const date = auth.licenseEndDate ? format.date(auth.licenseEndDate.slice(0, 10)) : '';
  const contact = supportEmail ? (
    <>
      {t('banner.renewWrite')}{' '}
      <Link href={mailto(supportEmail, t('banner.renewSubject'))} color="inherit">
        {supportEmail}
      </Link>
    </>
  ) : (
    t('banner.renewAdministrator')
  );
  if (days < 0) {
    return (
      <Alert severity="error" square>
        {t('banner.expired', { date })} {contact}
      </Alert>
    );
  }
  if (days <= LICENSE_WARNING_DAYS) {
    return (
      <Alert severity="warning" square>
        {t('banner.expiresSoon', { date, count: days })} {contact}
      </Alert>
    );
  }
  if (closed || !oldAppNoticeDue(new Date())) return null;
  return (
    <Alert
      severity="info"
      square
      onClose={() => {
        localStorage.setItem(DISMISSED_KEY, '1');
        setClosed(true);
      }}
      slotProps={{ closeButton: { title: t('banner.close'), 'aria-label': t('banner.close') } }}
    >
      {t('banner.switching', { date: format.date(OLD_APP_SUPPORT_ENDS) })}
    </Alert>
  );
}
