import MenuIcon from '@mui/icons-material/Menu';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  FormControlLabel,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import { licenseExpired, newSubjectEndpoint, type Session } from '@poselab/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../api/api-error';
import { apiCall } from '../../api/client';
import { authStore, useAuth } from '../../auth/auth-store';
import { useSessionDownloads } from '../archive/SessionDownloads';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { useMakePublic } from './api';

/** Share session publicly: the link works for anyone once the session is public (SPEC §6). */
export function ShareDialog({
  open,
  onClose,
  session,
}: {
  open: boolean;
  onClose: () => void;
  session: Session;
}) {
  const { t } = useTranslation(['session', 'common']);
  const makePublic = useMakePublic(session.id);
  const url = `${window.location.origin}${routePath('Session', { id: session.id })}`;
  const setPublic = (value: boolean) =>
    makePublic.mutate(value, { onError: (err) => toast.error(errorText(err)) });
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('share.title')}</DialogTitle>
      <DialogContent>
        {session.public ? (
          <>
            <DialogContentText gutterBottom>{t('share.isPublic')}</DialogContentText>
            <TextField
              fullWidth
              size="small"
              value={url}
              slotProps={{ htmlInput: { readOnly: true } }}
              label={t('share.link')}
            />
          </>
        ) : (
          <DialogContentText>{t('share.needsPublic')}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {session.public ? (
          <>
            <Button onClick={() => setPublic(false)} disabled={makePublic.isPending}>
              {t('share.makePrivate')}
            </Button>
            <Button
              onClick={() =>
                navigator.clipboard
                  ?.writeText(url)
                  .then(() => toast.success(t('share.copied')))
                  .catch(() => toast.error(t('share.copyFailed')))
              }
            >
              {t('share.copy')}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => setPublic(true)} disabled={makePublic.isPending}>
            {t('share.makePublic')}
          </Button>
        )}
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** SPEC §2 session menu (owner only). */
export function SessionMenu({
  session,
  showRemoved,
  onShowRemoved,
}: {
  session: Session;
  showRemoved: boolean;
  onShowRemoved: (v: boolean) => void;
}) {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [sharing, setSharing] = useState(false);
  // SPEC §6: an expired license removes the ways to a new recording.
  const expired = licenseExpired(useAuth().licenseEndDate);
  const close = () => setAnchor(null);
  const downloads = useSessionDownloads(session.id, useAuth().allowSyncDownload, close);
  const sameSetup = async () => {
    close();
    try {
      const s = await apiCall(newSubjectEndpoint, { params: { id: session.id } });
      authStore.update({ currentSessionId: s.id });
      navigate(routePath('Neutral', { id: s.id }));
    } catch (err) {
      toast.error(errorText(err));
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MenuIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        {t('menu.button')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem onClick={() => onShowRemoved(!showRemoved)}>
          <FormControlLabel
            control={<Checkbox size="small" checked={showRemoved} tabIndex={-1} />}
            label={t('menu.showRemoved')}
            onClick={(e) => e.preventDefault()}
          />
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => void sameSetup()} disabled={expired}>
          <ListItemText>{t('menu.sameSetup')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => (close(), navigate(routePath('ConnectDevices')))} disabled={expired}>
          {t('menu.newSession')}
        </MenuItem>
        <MenuItem onClick={() => (close(), setSharing(true))}>{t('menu.share')}</MenuItem>
        {downloads.items}
        <MenuItem onClick={() => (close(), navigate(routePath('Dashboard', { id: session.id })))}>
          {t('menu.dashboard')}
        </MenuItem>
        <MenuItem onClick={() => (close(), navigate(routePath('SelectSession')))}>{t('menu.back')}</MenuItem>
      </Menu>
      <ShareDialog open={sharing} onClose={() => setSharing(false)} session={session} />
      {downloads.dialog}
    </>
  );
}
