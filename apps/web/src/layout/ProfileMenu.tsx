import { Avatar, Divider, IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-store';
import { logout as endLogin } from '../auth/session';
import { useUserInfo } from '../features/profile/api';
import { routePath } from '../routing/route-names';
import { docsHref, mailto, useSupportEmail } from './support';

/** SPEC §2 profile dropdown, shown once verified. */
export function ProfileMenu() {
  const { t, i18n } = useTranslation('layout');
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const supportEmail = useSupportEmail();
  const signedIn = Boolean(auth.token && auth.verified && auth.username);
  const info = useUserInfo(auth.username ?? '', signedIn ? auth.token : null, signedIn);
  if (!signedIn || !auth.username) return null;
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    navigate(path);
  };
  const logout = async () => {
    close();
    await endLogin();
    queryClient.clear();
    navigate(routePath('Login'));
  };
  return (
    <>
      <IconButton
        aria-label={t('menu.account')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        size="small"
      >
        <Avatar
          sx={{ width: 32, height: 32 }}
          alt={auth.username}
          src={info.data?.profile_picture ?? `/api/users/${encodeURIComponent(auth.username)}/picture`}
        />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem disabled>
          <ListItemText primary={t('menu.signedInAs', { username: auth.username })} />
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => go(routePath('ProfilePage', { username: auth.username! }))}>
          {t('menu.profile')}
        </MenuItem>
        <MenuItem onClick={() => go(routePath('SelectSession'))}>{t('menu.sessions')}</MenuItem>
        <MenuItem
          component="a"
          href={docsHref('documentation', i18n.language)}
          target="_blank"
          onClick={close}
        >
          {t('menu.documentation')}
        </MenuItem>
        <MenuItem component="a" href={docsHref('faq', i18n.language)} target="_blank" onClick={close}>
          {t('menu.faq')}
        </MenuItem>
        <MenuItem component="a" href={docsHref('terms', i18n.language)} target="_blank" onClick={close}>
          {t('menu.terms')}
        </MenuItem>
        <MenuItem component="a" href={docsHref('privacy', i18n.language)} target="_blank" onClick={close}>
          {t('menu.privacy')}
        </MenuItem>
        {supportEmail ? (
          <MenuItem component="a" href={mailto(supportEmail, t('menu.bugReportSubject'))} onClick={close}>
            {t('menu.bugReport')}
          </MenuItem>
        ) : (
          // Without SUPPORT_EMAIL the FAQ's contact answer names the server's administrator (issue #29).
          <MenuItem
            component="a"
            href={docsHref('faq', i18n.language, '#contact')}
            target="_blank"
            onClick={close}
          >
            {t('menu.contact')}
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={logout}>{t('menu.logout')}</MenuItem>
      </Menu>
    </>
  );
}
