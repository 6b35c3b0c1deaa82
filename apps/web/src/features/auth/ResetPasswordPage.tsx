import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { ACCOUNT_MESSAGES as M, resetPasswordEndpoint } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { useLocalizeMessage } from '../../i18n/contract-messages';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { AuthCard } from './AuthCard';
import { failureText, submitDisabled } from './form-helpers';

const schema = z.object({ email: z.string().trim().min(1, M.emailRequired).email(M.emailInvalid) });
type ResetForm = z.infer<typeof schema>;

/** SPEC §2 Reset password: e-mail field and {t('reset.submit')}, with {t('backToLogin')}. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const lm = useLocalizeMessage();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ResetForm>({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const onSubmit = async ({ email }: ResetForm) => {
    try {
      const res = await apiCall(resetPasswordEndpoint, {
        body: { email: email.trim(), host: window.location.origin },
      });
      // The answer says the same whether or not the address has an account: it alone is shown (issue #29), not
      // also a toast claiming a mail was sent.
      setSent(res.message);
    } catch (err) {
      toast.error(failureText(M.recoveryEmailFailed, err));
    }
  };

  return (
    <AuthCard title={t('reset.title')}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack spacing={2}>
          <Typography>{t('reset.intro')}</Typography>
          {sent ? (
            <Alert severity="success" role="status">
              {lm(sent)}
            </Alert>
          ) : null}
          <TextField
            label={t('reset.email')}
            type="email"
            autoComplete="email"
            autoFocus
            required
            error={Boolean(errors.email)}
            helperText={lm(errors.email?.message)}
            {...register('email')}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={submitDisabled(isSubmitting, isSubmitted, errors)}
          >
            {t('reset.submit')}
          </Button>
          <Button component={RouterLink} to={routePath('Login')}>
            {t('backToLogin')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
