import { AppBar, Box, Toolbar, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/auth-store';
import { AuthLifecycle } from '../auth/AuthLifecycle';
import { useAppConfiguration } from '../features/profile/api';
import { LicenseBanners } from './LicenseBanners';
import { ProfileMenu } from './ProfileMenu';

function Logo() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <img src="/logo.svg" alt="" width={28} height={28} />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, color: 'inherit' }}>
        {t('appName')}
      </Typography>
    </Box>
  );
}

/** SPEC §2 app shell: top bar (logo, optional custom logo, profile dropdown), banner area, page. */
export function AppShell() {
  const { t } = useTranslation('layout');
  const auth = useAuth();
  const location = useLocation();
  const onList = location.pathname === '/sessions' || location.pathname === '/';
  const verified = Boolean(auth.token && auth.verified);
  const linkLogo = verified && !onList;
  const customLogoUrl = useAppConfiguration(verified).data?.logo ?? null;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AuthLifecycle />
      <AppBar position="static" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          {linkLogo ? (
            <Box
              component={RouterLink}
              to="/sessions"
              aria-label={t('home')}
              sx={{ color: 'inherit', textDecoration: 'none' }}
            >
              <Logo />
            </Box>
          ) : (
            <Logo />
          )}
          {customLogoUrl ? (
            <Box
              component="img"
              src={customLogoUrl}
              alt={t('customLogo')}
              sx={{ maxHeight: 36, maxWidth: { xs: 90, sm: 160 }, objectFit: 'contain' }}
            />
          ) : null}
          <Box sx={{ flexGrow: 1 }} />
          <ProfileMenu />
        </Toolbar>
      </AppBar>
      <Box role="region" aria-label={t('notices')}>
        <LicenseBanners />
      </Box>
      <Box sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
