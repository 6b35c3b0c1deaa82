import { Box, Chip, Paper, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceName, type CaptureStatusReply } from './api';

const STEPS = ['connect', 'calibration', 'neutral', 'trials'] as const;

export type WizardStep = (typeof STEPS)[number];

/**
 * The wizard's step indicator (labels hidden on narrow screens). A step is ticked only when the page knows it
 * is done (`done`), not because it comes before the active one (issue #29: Calibration was ticked while the
 * page said no camera was calibrated).
 */
export function WizardSteps({ active, done = [] }: { active: number; done?: readonly WizardStep[] }) {
  const { t } = useTranslation('wizard');
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      sx={{ mb: 3, '& .MuiStepLabel-label': { display: { xs: 'none', sm: 'block' } } }}
    >
      {STEPS.map((s) => (
        <Step key={s} completed={done.includes(s)}>
          <StepLabel>{t(`steps.${s}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

/** Each phone connected right now, live. */
export function ConnectedPhones({ status }: { status: CaptureStatusReply | undefined }) {
  const { t } = useTranslation('wizard');
  const devices = status?.devices ?? [];
  return (
    <Box aria-live="polite">
      <Typography variant="subtitle2" gutterBottom>
        {t('phonesConnected', { count: devices.length })}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {devices.map((d) => (
          <Chip
            key={d.id}
            icon={<PhoneAndroidIcon />}
            color="success"
            variant="outlined"
            label={`${deviceName(d.name)}${d.model ? ` · ${d.model}` : ''}${d.state !== 'idle' ? ` · ${t(`deviceStates.${d.state}`, { defaultValue: d.state })}` : ''}`}
          />
        ))}
      </Stack>
    </Box>
  );
}

export function Card({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
