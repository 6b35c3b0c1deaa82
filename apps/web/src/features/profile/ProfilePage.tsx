import {
  Alert,
  Avatar,
  Box,
  Button,
  CircularProgress,
  Divider,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  ACCOUNT_MESSAGES as M,
  deleteAccountEndpoint,
  removeLogoEndpoint,
  setAppConfigurationEndpoint,
  updateProfileEndpoint,
  updateProfilePictureEndpoint,
  userDoesNotExist,
  type OwnProfile,
  type UpdateProfileBody,
} from '@poselab/contract';
import { apiCall } from '../../api/client';
import { ApiError, errorText } from '../../api/api-error';
import { useAuth } from '../../auth/auth-store';
import { applyUserInfo, logout } from '../../auth/session';
import { localizeMessage } from '../../i18n/contract-messages';
import { mailto } from '../../layout/support';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { failureText } from '../auth/form-helpers';
import { appConfigurationKey, formWith, isOwnProfile, userInfoKey, useUserInfo } from './api';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { EditProfileForm } from './EditProfileForm';
import { ImageDialog } from './ImageDialog';
import { ProfileDetails } from './ProfileDetails';

type Mode = 'view' | 'edit' | 'settings';
type Popup = 'image' | 'logo' | 'delete' | null;

function Centered({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 900, mx: 'auto' }}>
      {children}
    </Box>
  );
}

/** SPEC §2 Profile: view, edit profile, settings (delete account), change image and logo popups. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { username = '' } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t: tSecurity } = useTranslation('security');
  const query = useUserInfo(username, auth.verified ? auth.token : null);
  const [mode, setMode] = useState<Mode>('view');
  const [popup, setPopup] = useState<Popup>(null);

  if (query.isPending) {
    return (
      <Centered>
        <Box
          sx={{ display: 'flex', justifyContent: 'center', p: 6 }}
          role="progressbar"
          aria-label={t('loading')}
        >
          <CircularProgress />
        </Box>
      </Centered>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Centered>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('title')}
        </Typography>
        <Alert severity={missing ? 'warning' : 'error'} role="alert">
          {missing ? localizeMessage(userDoesNotExist(username)) : errorText(query.error)}
        </Alert>
      </Centered>
    );
  }

  const info = query.data;
  const own: OwnProfile | null = isOwnProfile(info) ? info : null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: userInfoKey(username) });

  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(
        `${window.location.origin}${routePath('ProfilePage', { username: info.username })}`,
      );
      toast.success(M.profileUrlCopied);
    } catch {
      toast.error(M.profileUrlCopyFailed);
    }
  };

  const saveProfile = async (body: UpdateProfileBody) => {
    try {
      const updated = await apiCall(updateProfileEndpoint, { body });
      // In the language just chosen: 'Profile updated.' came in English after switching to German (issue #29).
      await applyUserInfo(updated);
      toast.success(M.profileUpdated);
      if (body.current_password && updated.pending_email) {
        toast.info(tSecurity('profile.emailChangeSent', { email: updated.pending_email }));
      }
      await refresh();
      setMode('view');
    } catch (err) {
      toast.error(failureText(M.profileUpdateFailed, err));
      throw err;
    }
  };

  const uploadPicture = async (file: File) => {
    try {
      await apiCall(updateProfilePictureEndpoint, {
        body: formWith({ username: info.username, profile_picture: file }),
      });
      toast.success(M.profilePictureUpdated);
      await refresh();
      setPopup(null);
    } catch (err) {
      toast.error(failureText(M.profilePictureFailed, err));
    }
  };

  const uploadLogo = async (file: File) => {
    try {
      await apiCall(setAppConfigurationEndpoint, { body: formWith({ logo: file }) });
      toast.success(M.logoUpdated);
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: appConfigurationKey })]);
      setPopup(null);
    } catch (err) {
      toast.error(failureText(M.logoFailed, err));
    }
  };

  const removeLogo = async () => {
    try {
      await apiCall(removeLogoEndpoint);
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: appConfigurationKey })]);
      setPopup(null);
    } catch (err) {
      toast.error(failureText(M.logoRemoveFailed, err));
    }
  };

  const deleteAccount = async (confirm: string) => {
    try {
      const res = await apiCall(deleteAccountEndpoint, { body: { confirm } });
      toast.success(res.message);
      await logout();
      queryClient.clear();
      navigate(routePath('Login'), { replace: true });
    } catch (err) {
      // SPEC §8: a failed deletion shows the raw response.
      toast.error(errorText(err));
    }
  };

  const fullName = `${info.first_name} ${info.last_name}`.trim();
  return (
    <Centered>
      <Typography variant="h5" component="h1" gutterBottom>
        {own ? t('ownTitle') : t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
        >
          <Stack spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
            <Avatar
              src={info.profile_picture}
              alt={t('pictureOf', { username: info.username })}
              sx={{ width: 128, height: 128 }}
            />
            {own ? (
              <Button size="small" onClick={() => setPopup('image')}>
                {t('changeImage')}
              </Button>
            ) : null}
          </Stack>
          <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
            <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {fullName || info.username}
            </Typography>
            <Button
              variant="text"
              onClick={copyUrl}
              title={t('copyUrl')}
              sx={{ px: 0.5, ml: -0.5, textTransform: 'none', minWidth: 0, overflowWrap: 'anywhere' }}
            >
              @{info.username}
            </Button>
            <Divider sx={{ my: 2 }} />
            {own?.pending_email ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {tSecurity('profile.emailPending', { email: own.pending_email })}
              </Alert>
            ) : null}
            {mode === 'edit' && own ? (
              <EditProfileForm profile={own} onSave={saveProfile} onCancel={() => setMode('view')} />
            ) : (
              <ProfileDetails info={info} />
            )}
            {mode === 'settings' && own ? (
              <Box sx={{ mt: 3 }} aria-label={t('settings')} role="region">
                <Typography variant="subtitle1" component="h2" gutterBottom>
                  {t('settings')}
                </Typography>
                <Alert
                  severity="warning"
                  action={
                    <Button color="error" onClick={() => setPopup('delete')}>
                      {t('delete.submit')}
                    </Button>
                  }
                >
                  {t('deleteWarning')}
                </Alert>
              </Box>
            ) : null}
            {own && own.logo && mode !== 'edit' ? (
              <Box sx={{ mt: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {t('customLogo')}
                </Typography>
                <Box
                  component="img"
                  src={own.logo}
                  alt={t('customLogo')}
                  sx={{ maxHeight: 48, maxWidth: '100%', mt: 0.5 }}
                />
              </Box>
            ) : null}
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
              {own ? (
                <>
                  {mode !== 'edit' ? (
                    <Button variant="contained" onClick={() => setMode('edit')}>
                      {t('editProfile')}
                    </Button>
                  ) : null}
                  <Button
                    variant="outlined"
                    onClick={() => setMode(mode === 'settings' ? 'view' : 'settings')}
                  >
                    {mode === 'settings' ? t('closeSettings') : t('settings')}
                  </Button>
                  <Button variant="outlined" onClick={() => setPopup('logo')}>
                    {t('changeLogo')}
                  </Button>
                </>
              ) : info.public_email ? (
                // Only when the user chose to show their e-mail on their profile.
                <Button
                  variant="contained"
                  href={mailto(info.public_email, t('contactSubject', { username: info.username }))}
                >
                  {t('contact')}
                </Button>
              ) : null}
            </Stack>
          </Box>
        </Stack>
      </Paper>
      {own ? (
        <>
          <ImageDialog
            open={popup === 'image'}
            title={t('changePicture')}
            currentUrl={own.profile_picture}
            round
            onClose={() => setPopup(null)}
            onUpload={uploadPicture}
          />
          <ImageDialog
            open={popup === 'logo'}
            title={t('changeLogo')}
            currentUrl={own.logo}
            round={false}
            onClose={() => setPopup(null)}
            onUpload={uploadLogo}
            onRemove={removeLogo}
          />
          <DeleteAccountDialog
            open={popup === 'delete'}
            username={own.username}
            onClose={() => setPopup(null)}
            onDelete={deleteAccount}
          />
        </>
      ) : null}
    </Centered>
  );
}
