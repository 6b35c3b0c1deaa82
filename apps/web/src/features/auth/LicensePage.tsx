import {
  Alert,
  Link,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  INTENDED_USES,
  NOT_PERMITTED_USES,
  setInstitutionalUseEndpoint,
  type IntendedUse,
} from '@poselab/contract';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { authStore } from '../../auth/auth-store';
import { mailto, useSupportEmail } from '../../layout/support';
import { routePath } from '../../routing/route-names';
import { AuthCard } from './AuthCard';
import { intendedUseLabel } from './intended-use';

/** SPEC §2 License: declare the intended use; not-permitted uses need a paid license (SPEC §5). */
export default function LicensePage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const supportEmail = useSupportEmail();
  const [choice, setChoice] = useState<IntendedUse | ''>('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const notPermitted = choice !== '' && NOT_PERMITTED_USES.includes(choice);

  const submit = async () => {
    if (!choice || notPermitted) return;
    setBusy(true);
    setFailure(null);
    try {
      const res = await apiCall(setInstitutionalUseEndpoint, { body: { institutional_use: choice } });
      authStore.update({ institutionalUse: res.institutional_use });
      navigate(routePath('SelectSession'), { replace: true });
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('license.title')} maxWidth={600}>
      <Stack spacing={2}>
        <Typography>{t('license.intro')}</Typography>
        <FormControl>
          <FormLabel id="intended-use-label">{t('license.question')}</FormLabel>
          <RadioGroup
            aria-labelledby="intended-use-label"
            name="institutional_use"
            value={choice}
            onChange={(e) => setChoice(e.target.value as IntendedUse)}
          >
            {INTENDED_USES.map((use) => (
              <FormControlLabel key={use} value={use} control={<Radio />} label={intendedUseLabel(use)} />
            ))}
          </RadioGroup>
        </FormControl>
        {notPermitted ? (
          <Alert severity="info" role="status">
            <Trans
              t={t}
              i18nKey={supportEmail ? 'license.notPermitted' : 'license.notPermittedNoContact'}
              values={{ use: intendedUseLabel(choice as IntendedUse, true) }}
              components={{
                link: supportEmail ? (
                  <Link href={mailto(supportEmail, t('license.mailSubject'))} />
                ) : (
                  <span />
                ),
              }}
            />
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button variant="contained" size="large" onClick={submit} disabled={busy || !choice || notPermitted}>
          {t('license.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
