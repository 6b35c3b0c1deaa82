import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Checkbox, FormControlLabel, Link, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { ACCOUNT_MESSAGES as M } from '@poselab/contract';
import { errorText } from '../../api/api-error';
import { useAuth } from '../../auth/auth-store';
import { login, rememberedDeviceValid } from '../../auth/session';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { routePath } from '../../routing/route-names';
import { AuthCard } from './AuthCard';
import { finishVerifiedLogin } from './after-login';
import { submitDisabled } from './form-helpers';
import { PasswordField } from './PasswordField';

const schema = z.object({
  username: z.string().trim().min(1, M.loginUsernameRequired),
  password: z.string().min(1, M.passwordRequired),
  remember: z.boolean(),
});
type LoginForm = z.infer<typeof schema>;

/** SPEC §2 Login: username or e-mail, password with a show toggle, remember device, links. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const lm = useLocalizeMessage();
  const navigate = useNavigate();
  const auth = useAuth();
  const remembered = rememberedDeviceValid(auth);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<LoginForm>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '', remember: false },
  });

  const onSubmit = async (values: LoginForm) => {
    setFailure(null);
    try {
      const outcome = await login(values.username.trim(), values.password, values.remember);
      if (outcome.next === 'verified') {
        navigate(await finishVerifiedLogin(), { replace: true });
      } else {
        navigate(routePath('Verify'), { state: { skipReset: outcome.skipReset } });
      }
    } catch (err) {
      // SPEC §8: on a failed login the password is cleared.
      setValue('password', '');
      setFailure(errorText(err));
    }
  };

  return (
    <AuthCard title={t('login.title')}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextField
            label={t('login.username')}
            autoComplete="username"
            autoFocus
            required
            error={Boolean(errors.username)}
            helperText={lm(errors.username?.message)}
            {...register('username')}
          />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            required
            error={Boolean(errors.password)}
            helperText={lm(errors.password?.message)}
            {...register('password')}
          />
          {remembered ? null : (
            <FormControlLabel control={<Checkbox {...register('remember')} />} label={t('login.remember')} />
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submitDisabled(isSubmitting, isSubmitted, errors)}
          >
            {t('login.submit')}
          </Button>
          <Stack spacing={1} sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to={routePath('ResetPassword')}>
              {t('login.forgot')}
            </Link>
            <Link component={RouterLink} to={routePath('Register')}>
              {t('login.signUp')}
            </Link>
          </Stack>
        </Stack>
      </Box>
    </AuthCard>
  );
}
