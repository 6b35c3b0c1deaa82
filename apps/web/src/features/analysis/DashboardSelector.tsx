import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, IconButton, MenuItem, TextField, Tooltip } from '@mui/material';
import type { DashboardSession, DashboardSubject, DashboardTrial } from '@poselab/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { localizeNumber } from '../../i18n/numbers';
import { parseOffset, type SelectorState } from './dashboard-url';

const OFFSET_STEP = 0.01;

/**
 * One trial selector of the data menu (SPEC §2): subject, session and trial pickers over the dashboard's
 * analysed trials, and a time offset with minus/plus buttons at step 0.01. A trial chosen in another
 * selector is disabled here.
 */
export function DashboardSelector({
  index,
  value,
  subjects,
  sessions,
  trials,
  takenTrialIds,
  canRemove,
  onChange,
  onRemove,
}: {
  index: number;
  value: SelectorState;
  subjects: DashboardSubject[];
  sessions: DashboardSession[];
  trials: DashboardTrial[];
  takenTrialIds: string[];
  canRemove: boolean;
  onChange: (v: SelectorState) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const format = useFormat();
  const n = index + 1;
  const subjectSessions = sessions.filter((s) => !value.subjectId || s.subject_id === value.subjectId);
  const sessionTrials = trials.filter((x) => x.session_id === value.sessionId);
  const offset = parseOffset(value.offsetText);
  const stepOffset = (delta: number) =>
    onChange({
      ...value,
      offsetText: localizeNumber(Math.round(((offset ?? 0) + delta) * 10000) / 10000, i18n.language),
    });
  const sessionLabel = (s: DashboardSession) => s.name || format.date(s.created_at);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '1fr 1fr',
        gap: 1,
        p: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
      data-testid={`dashboard-selector-${n}`}
    >
      <TextField
        select
        size="small"
        label={t('selector.subject', { n })}
        value={subjects.some((s) => s.id === value.subjectId) ? value.subjectId : ''}
        onChange={(e) => onChange({ ...value, subjectId: e.target.value, sessionId: '', trialId: '' })}
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
        value={subjectSessions.some((s) => s.id === value.sessionId) ? value.sessionId : ''}
        onChange={(e) => onChange({ ...value, sessionId: e.target.value, trialId: '' })}
      >
        {subjectSessions.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {sessionLabel(s)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        sx={{ gridColumn: '1 / -1' }}
        label={t('selector.trial', { n })}
        value={sessionTrials.some((x) => x.id === value.trialId) ? value.trialId : ''}
        onChange={(e) => onChange({ ...value, trialId: e.target.value })}
      >
        {sessionTrials.map((x) => (
          <MenuItem key={x.id} value={x.id} disabled={x.id !== value.trialId && takenTrialIds.includes(x.id)}>
            {x.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, gridColumn: '1 / -1' }}>
        <IconButton
          size="small"
          aria-label={t('selector.offsetMinus', { n })}
          onClick={() => stepOffset(-OFFSET_STEP)}
          sx={{ mt: 0.5 }}
        >
          <RemoveIcon fontSize="small" />
        </IconButton>
        <TextField
          size="small"
          type="number"
          label={t('selector.offset', { n })}
          value={value.offsetText}
          onChange={(e) => onChange({ ...value, offsetText: e.target.value })}
          error={offset === null}
          helperText={offset === null ? t('selector.offsetError') : undefined}
          slotProps={{ htmlInput: { step: OFFSET_STEP } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <IconButton
          size="small"
          aria-label={t('selector.offsetPlus', { n })}
          onClick={() => stepOffset(OFFSET_STEP)}
          sx={{ mt: 0.5 }}
        >
          <AddIcon fontSize="small" />
        </IconButton>
        <Tooltip title={t('selector.remove', { n })}>
          <span>
            <IconButton
              size="small"
              aria-label={t('selector.remove', { n })}
              onClick={onRemove}
              disabled={!canRemove}
              sx={{ mt: 0.5 }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
