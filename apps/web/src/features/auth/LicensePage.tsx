import {
  Alert,
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
import { routePath } from '../../routing/route-names';
import { AuthCard } from './AuthCard';
import { INTENDED_USE_LABELS } from './intended-use';

/** SPEC §2 License: declare the intended use; not-permitted uses need a paid license (SPEC §5). */
export default function LicensePage() {
  const navigate = useNavigate();
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
    <AuthCard title="Intended use" maxWidth={600}>
      <Stack spacing={2}>
        <Typography>
          PoseLab is free for academic research and education. Tell us how you will use it.
        </Typography>
        <FormControl>
          <FormLabel id="intended-use-label">I will use PoseLab for</FormLabel>
          <RadioGroup
            aria-labelledby="intended-use-label"
            name="institutional_use"
            value={choice}
            onChange={(e) => setChoice(e.target.value as IntendedUse)}
          >
            {INTENDED_USES.map((use) => (
              <FormControlLabel key={use} value={use} control={<Radio />} label={INTENDED_USE_LABELS[use]} />
            ))}
          </RadioGroup>
        </FormControl>
        {notPermitted ? (
          <Alert severity="info" role="status">
            This use is not permitted with the free academic access. To use PoseLab for{' '}
            {INTENDED_USE_LABELS[choice as IntendedUse].toLowerCase()}, a license must be purchased; please
            contact us.
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button variant="contained" size="large" onClick={submit} disabled={busy || !choice || notPermitted}>
          Submit
        </Button>
      </Stack>
    </AuthCard>
  );
}
