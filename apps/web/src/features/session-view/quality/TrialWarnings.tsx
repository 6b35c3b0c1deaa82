import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Chip, Collapse, Tooltip } from '@mui/material';
import type { Trial } from '@poselab/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUALITY_NS, trialWarnings, warningText } from './warning-text';

/** The reasons of a trial's warnings as a list (in the tooltip and in the expandable row). */
export function WarningList({ trial, id }: { trial: Trial; id?: string }) {
  const { t, i18n } = useTranslation(QUALITY_NS);
  return (
    <Box
      component="ul"
      id={id}
      aria-label={t('warnings.listLabel', { trial: trial.name })}
      sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}
    >
      {trialWarnings(trial).map((w, i) => (
        <li key={`${w.code}-${i}`} data-warning-code={w.code}>
          {warningText(i18n, w)}
        </li>
      ))}
    </Box>
  );
}

/** 'Done with warnings' status chip: the reasons show in a tooltip on hover and on keyboard focus. */
export function DoneWithWarningsChip({ trial }: { trial: Trial }) {
  const { t } = useTranslation(QUALITY_NS);
  return (
    <Tooltip title={<WarningList trial={trial} />}>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        icon={<WarningAmberIcon />}
        label={t('status.doneWithWarnings')}
        data-testid="status-done-with-warnings"
      />
    </Tooltip>
  );
}

/**
 * A button under a trial that opens the list of its warnings: the way to the reasons on a touch screen and by
 * keyboard (a tooltip needs a pointer).
 */
export function TrialWarningsToggle({ trial }: { trial: Trial }) {
  const { t } = useTranslation(QUALITY_NS);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const count = trialWarnings(trial).length;
  if (count === 0) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Button
        size="small"
        color="warning"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${t('warnings.toggle', { trial: trial.name })}: ${t('warnings.count', { count })}`}
        startIcon={<WarningAmberIcon />}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        sx={{ textTransform: 'none', py: 0 }}
      >
        {t('warnings.count', { count })}
      </Button>
      <Collapse in={open}>
        <Box sx={{ typography: 'body2', color: 'text.secondary', pt: 0.5, pr: 1, overflowWrap: 'anywhere' }}>
          <WarningList trial={trial} id={listId} />
        </Box>
      </Collapse>
    </Box>
  );
}
