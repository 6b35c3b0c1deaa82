import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { confirmEmailChangeEndpoint } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { ApiError, errorText } from '../../api/api-error';
import { useAuth } from '../../auth/auth-store';
import { routePath } from '../../routing/route-names';
import { AuthCard } from '../auth/AuthCard';

/**
 * The link of an e-mail change, opened from the new address (issue #19). Confirming takes a click: mail
 * scanners that open links must not change the address on their own.
 */
export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('security');
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState('');

  const confirm = async () => {
    setState('busy');
    try {
      const res = await apiCall(confirmEmailChangeEndpoint, { body: { token } });
      setEmail(res.email);
      setState('done');
      await queryClient.invalidateQueries({ queryKey: ['user-info'] });
    } catch (err) {
      setFailure(err instanceof ApiError && err.status === 400 ? t('confirmEmail.invalid') : errorText(err));
      setState('failed');
    }
  };

  const onward = auth.verified ? (
    <Link component={RouterLink} to={routePath('SelectSession')}>
      {t('confirmEmail.toSessions')}
    </Link>
  ) : (
    <Link component={RouterLink} to={routePath('Login')}>
      {t('confirmEmail.toLogin')}
    </Link>
  );

  return (
    <AuthCard title={t('confirmEmail.title')}>
      <Stack spacing={2}>
        {state === 'done' ? (
          <Alert severity="success" role="status">
            {t('confirmEmail.done', { email })}
          </Alert>
        ) : (
          <Typography>{t('confirmEmail.intro')}</Typography>
        )}
        {state === 'failed' ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        {state === 'done' || state === 'failed' ? (
          onward
        ) : (
          <Button variant="contained" onClick={() => void confirm()} disabled={state === 'busy'}>
            {t('confirmEmail.confirm')}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
