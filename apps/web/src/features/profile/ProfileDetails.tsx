import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { websiteHref, type IntendedUse, type UserInfo } from '@poselab/contract';
import { countryName } from '../auth/countries';
import { useFormat } from '../../i18n/format';
import { intendedUseLabel } from '../auth/intended-use';
import { isOwnProfile } from './api';

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <>
      <Typography component="dt" color="text.secondary" variant="body2" sx={{ pt: 0.25 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** The profile's fields as a definition list; private fields only on one's own profile. */
export function ProfileDetails({ info }: { info: UserInfo }) {
  const { t } = useTranslation(['profile', 'auth']);
  const format = useFormat();
  const shortDate = (iso: string) => format.date(iso.slice(0, 10));
  const own = isOwnProfile(info) ? info : null;
  // Only an http(s) address becomes a link: a stored 'javascript:…' stays plain text (issue #29).
  const href = websiteHref(info.website);
  const website = href ? (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {info.website}
    </Link>
  ) : (
    info.website
  );
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '160px minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
      }}
    >
      <Row label={t('fields.institution')}>{info.institution}</Row>
      <Row label={t('fields.profession')}>{info.profession}</Row>
      <Row label={t('fields.country')}>{info.country ? countryName(info.country) : ''}</Row>
      <Row label={t('fields.website')}>{website}</Row>
      {own ? (
        <>
          <Row label={t('fields.email')}>
            {own.show_email ? `${own.email} (${t('emailShown')})` : own.email}
          </Row>
          <Row label={t('fields.reasonShort')}>{own.reason}</Row>
          <Row label={t('fields.language')}>{t(`auth:languages.${own.language === 'de' ? 'de' : 'en'}`)}</Row>
          <Row label={t('fields.units')}>
            {t(`auth:units.${own.unit === 'imperial' ? 'imperial' : 'metric'}`)}
          </Row>
          <Row label={t('fields.newsletter')}>{own.newsletter ? t('subscribed') : t('notSubscribed')}</Row>
          <Row label={t('fields.intendedUse')}>
            {own.institutional_use
              ? intendedUseLabel(own.institutional_use as IntendedUse)
              : t('notDeclared')}
          </Row>
          <Row label={t('fields.license')}>
            {t('licenseRange', {
              start: shortDate(own.license_start_date),
              end: shortDate(own.license_end_date),
            })}
          </Row>
        </>
      ) : null}
    </Box>
  );
}
