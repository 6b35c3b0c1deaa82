import DeleteIcon from '@mui/icons-material/Delete';
import { Box, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Session } from '@poselab/contract';
import { parseOffset } from './chart-options';
import { selectableTrials, useSubjectSessions } from './data';

export interface SelectorState {
  key: string;
  subjectId: string;
  sessionId: string;
  trialId: string;
  offsetText: string;
}

export interface SubjectOption {
  id: string;
  name: string;
}

/**
 * One trial selector of the data menu: subject, session and trial pickers and a time offset (step 0.01).
 * Logged-out visitors only have the public session of the page.
 */
export function TrialSelector({
  index,
  value,
  subjects,
  fixedSessions,
  takenTrialIds,
  canRemove,
  onChange,
  onRemove,
}: {
  index: number;
  value: SelectorState;
  subjects: SubjectOption[];
  /** Sessions to choose from when not loaded per subject (visitors). */
  fixedSessions: Session[] | null;
  takenTrialIds: string[];
  canRemove: boolean;
  onChange: (v: SelectorState) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('charts');
  const loaded = useSubjectSessions(value.subjectId, fixedSessions === null);
  const sessions = fixedSessions ?? loaded.data ?? [];
  const session = sessions.find((s) => s.id === value.sessionId);
  const trials = selectableTrials(session);
  const offsetInvalid = parseOffset(value.offsetText) === null;
  const n = index + 1;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        gap: 1,
        p: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
      data-testid={`selector-${n}`}
    >
      <TextField
        select
        size="small"
        label={t('selector.subject', { n })}
        value={subjects.some((s) => s.id === value.subjectId) ? value.subjectId : ''}
        onChange={(e) => onChange({ ...value, subjectId: e.target.value, sessionId: '', trialId: '' })}
        disabled={fixedSessions !== null}
      >
        {subjects.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('selector.session', { n })}
        value={session ? value.sessionId : ''}
        onChange={(e) => onChange({ ...value, sessionId: e.target.value, trialId: '' })}
        disabled={fixedSessions !== null && fixedSessions.length < 2}
      >
        {sessions.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.meta.sessionName || s.id.slice(0, 8)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('selector.trial', { n })}
        value={trials.some((trial) => trial.id === value.trialId) ? value.trialId : ''}
        onChange={(e) => onChange({ ...value, trialId: e.target.value })}
      >
        {trials.map((trial) => (
          <MenuItem
            key={trial.id}
            value={trial.id}
            disabled={trial.id !== value.trialId && takenTrialIds.includes(trial.id)}
          >
            {trial.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          type="number"
          label={t('selector.offset', { n })}
          value={value.offsetText}
          onChange={(e) => onChange({ ...value, offsetText: e.target.value })}
          error={offsetInvalid}
          helperText={offsetInvalid ? t('selector.offsetError') : undefined}
          slotProps={{ htmlInput: { step: 0.01 } }}
          sx={{ flex: 1 }}
        />
        <Tooltip title={t('selector.remove')}>
          <span>
            <IconButton aria-label={t('selector.removeN', { n })} onClick={onRemove} disabled={!canRemove}>
              <DeleteIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
