import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { ACCOUNT_MESSAGES as M, resetOtpChallengeEndpoint, verifyEndpoint } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { ApiError, errorText } from '../../api/api-error';
import { authStore } from '../../auth/auth-store';
import { logout, rememberRequest } from '../../auth/session';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { routePath } from '../../routing/route-names';
import { AuthCard } from './AuthCard';
import { finishVerifiedLogin } from './after-login';
import { submitDisabled } from './form-helpers';

// The e-mailed code is 6 digits: anything else is refused here, without spending one of the code's tries.
const schema = z.object({
  code: z
    .string()
    .trim()
    .min(1, M.codeRequired)
    .regex(/^\d{6}$/, M.codeFormat),
});
type VerifyForm = z.infer<typeof schema>;

/** SPEC §2 Verify: the e-mailed 6-digit code; Back to Login logs out. */
export default function VerifyPage() {
  const { t } = useTranslation('auth');
  const lm = useLocalizeMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const skipReset = Boolean((location.state as { skipReset?: boolean } | null)?.skipReset);
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState<'sent' | 'kept' | null>(null);
  const [resending, setResending] = useState(false);
  const asked = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<VerifyForm>({ resolver: zodResolver(schema), defaultValues: { code: '' } });

  // SPEC §4: on load, unless skipping is set, ask the server to reset the one-time-code challenge.
  useEffect(() => {
    if (skipReset || asked.current) return;
    asked.current = true;
    apiCall(resetOtpChallengeEndpoint).catch((err: unknown) => setFailure(errorText(err)));
  }, [skipReset]);

  const onSubmit = async ({ code }: VerifyForm) => {
    setFailure(null);
    try {
      const res = await apiCall(verifyEndpoint, {
        body: { otp_token: code.trim(), ...(rememberRequest.get() ? { remember_device: true } : {}) },
      });
      rememberRequest.set(false);
      authStore.update({
        verified: true,
        ...(res.remember_device_secret
          ? { deviceSecret: res.remember_device_secret, rememberDeviceAt: Date.now() }
          : {}),
      });
      navigate(await finishVerifiedLogin(), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.fieldErrors.otp_token?.[0]) {
        setError('code', { type: 'server', message: err.fieldErrors.otp_token[0] });
      } else {
        setFailure(errorText(err));
      }
    }
  };

  // Issue #29: a lost or expired code can be sent again from here (the server keeps one sent under a minute ago).
  const resend = async () => {
    setFailure(null);
    setResent(null);
    setResending(true);
    try {
      const res = await apiCall(resetOtpChallengeEndpoint);
      setResent(res.otp_challenge_sent ? 'sent' : 'kept');
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setResending(false);
    }
  };

  const backToLogin = async () => {
    await logout();
    navigate(routePath('Login'), { replace: true });
  };

  return (
    <AuthCard title={t('verify.title')}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          <Typography>{t('verify.intro')}</Typography>
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextField
            label={t('verify.code')}
            autoComplete="one-time-code"
            autoFocus
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
            error={Boolean(errors.code)}
            helperText={lm(errors.code?.message)}
            {...register('code')}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submitDisabled(isSubmitting, isSubmitted, errors)}
          >
            {t('verify.submit')}
          </Button>
          {resent ? (
            <Alert severity="info" role="status">
              {t(resent === 'sent' ? 'verify.resent' : 'verify.resentRecently')}
            </Alert>
          ) : null}
          <Button onClick={resend} disabled={resending}>
            {t('verify.resend')}
          </Button>
          <Button onClick={backToLogin}>{t('backToLogin')}</Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
