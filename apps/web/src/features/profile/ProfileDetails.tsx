import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { UserInfo } from '@poselab/contract';
import { countryName } from '../auth/countries';
import { INTENDED_USE_LABELS } from '../auth/intended-use';
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

const shortDate = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US');

/** The profile's fields as a definition list; private fields only on one's own profile. */
export function ProfileDetails({ info }: { info: UserInfo }) {
  const own = isOwnProfile(info) ? info : null;
  const website = info.website ? (
    <Link
      href={/^https?:\/\//.test(info.website) ? info.website : `https://${info.website}`}
      target="_blank"
      rel="noopener noreferrer"
    >
      {info.website}
    </Link>
  ) : (
    ''
  );
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
        m: 0,
      }}
    >
      <Row label="Institution">{info.institution}</Row>
      <Row label="Profession">{info.profession}</Row>
      <Row label="Country">{info.country ? countryName(info.country) : ''}</Row>
      <Row label="Website">{website}</Row>
      {own ? (
        <>
          <Row label="E-mail">{own.email}</Row>
          <Row label="Reason">{own.reason}</Row>
          <Row label="Language">{own.language === 'de' ? 'German' : 'English'}</Row>
          <Row label="Units">{own.unit === 'imperial' ? 'Imperial (lbs, in)' : 'Metric (kg, cm)'}</Row>
          <Row label="Newsletter">{own.newsletter ? 'Subscribed' : 'Not subscribed'}</Row>
          <Row label="Intended use">
            {own.institutional_use
              ? (INTENDED_USE_LABELS[own.institutional_use as keyof typeof INTENDED_USE_LABELS] ??
                own.institutional_use)
              : 'Not declared'}
          </Row>
          <Row label="License">{`${shortDate(own.license_start_date)} to ${shortDate(own.license_end_date)}`}</Row>
        </>
      ) : null}
    </Box>
  );
}
