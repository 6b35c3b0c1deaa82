import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { ACCOUNT_MESSAGES as M, newPasswordEndpoint, PASSWORD_MIN_LENGTH } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { AuthCard } from './AuthCard';
import { submitDisabled } from './form-helpers';
import { PasswordField } from './PasswordField';

const schema = z
  .object({
    password: z.string().min(1, M.passwordRequired).min(PASSWORD_MIN_LENGTH, M.passwordMin),
    confirm: z.string().min(1, M.confirmRequired),
  })
  .refine((v) => !v.confirm || v.password === v.confirm, { path: ['confirm'], message: M.confirmMismatch });
type NewPasswordForm = z.infer<typeof schema>;

/** SPEC §2 New password: password and confirm with show/hide toggles, and Submit. */
export default function NewPasswordPage() {
  const { t } = useTranslation('auth');
  const lm = useLocalizeMessage();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = async ({ password }: NewPasswordForm) => {
    setFailure(null);
    try {
      await apiCall(newPasswordEndpoint, { body: { token, password } });
      toast.success(M.passwordChanged);
      navigate(routePath('Login'), { replace: true });
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <AuthCard title={t('newPassword.title')}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}{' '}
              <Link component={RouterLink} to={routePath('ResetPassword')}>
                {t('newPassword.newLink')}
              </Link>
            </Alert>
          ) : null}
          <PasswordField
            label={t('newPassword.password')}
            autoComplete="new-password"
            autoFocus
            required
            error={Boolean(errors.password)}
            helperText={lm(errors.password?.message)}
            {...register('password')}
          />
          <PasswordField
            label={t('newPassword.confirm')}
            autoComplete="new-password"
            required
            error={Boolean(errors.confirm)}
            helperText={lm(errors.confirm?.message)}
            {...register('confirm')}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submitDisabled(isSubmitting, isSubmitted, errors)}
          >
            {t('newPassword.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
