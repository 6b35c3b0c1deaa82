import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Box,
  Checkbox,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { BUSY_TRIAL_STATUSES, type Trial } from '@poselab/contract';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { localizeMessage } from '../../i18n/contract-messages';
import { tagLabel } from '../subjects/tags';
import { DoneWithWarningsChip, TrialWarningsToggle } from './quality/TrialWarnings';
import { isDoneWithWarnings, trialWarnings } from './quality/warning-text';
import {
  isCalibration,
  isNeutral,
  isViewable,
  statusColor,
  statusLabel,
  trialErrorHover,
  trialErrorText,
} from './trial-status';
import { useTrialTagVocabulary } from './use-trial-tags';
import { trialFiles } from '../archive/trial-files';

export type TrialAction = 'rename' | 'analysis' | 'tags' | 'trash' | 'restore' | 'delete' | 'download';

/**
 * SPEC §2 trial menu entries a trial offers — only what the server allows: no Rename for the neutral and
 * calibration trials (their names are fixed), no Analysis for them or trashed trials, and no Rename or Edit
 * Tags while the trial uploads or processes (SPEC §4); Download .mot / .trc for a processed trial not in the bin.
 */
export function trialMenuEntries(t: Trial): { action: TrialAction; label: string }[] {
  const entries: { action: TrialAction; label: string }[] = [];
  const add = (action: TrialAction) => entries.push({ action, label: i18n.t(`session:trialMenu.${action}`) });
  const special = isNeutral(t) || isCalibration(t);
  const busy = BUSY_TRIAL_STATUSES.includes(t.status);
  if (!special && !busy) add('rename');
  if (!t.trashed && !special) add('analysis');
  if (!busy) add('tags');
  // A trashed trial's media are refused by the server (its signed URLs end with the trash), so no download.
  if (!t.trashed && trialFiles(t).length > 0)
    entries.push({ action: 'download', label: i18n.t('archive:menu.trialFiles') });
  if (!t.trashed) add('trash');
  if (t.trashed) add('restore');
  add('delete');
  return entries;
}

function StatusChip({ trial }: { trial: Trial }) {
  if (isDoneWithWarnings(trial)) return <DoneWithWarningsChip trial={trial} />;
  const chip = (
    <Chip size="small" label={statusLabel(trial)} color={statusColor(trial.status)} variant="outlined" />
  );
  if (trial.status !== 'error') return chip;
  return (
    <Tooltip title={trialErrorHover()}>
      <span>{chip}</span>
    </Tooltip>
  );
}

/**
 * The session's trials with status. A click shows a trial in the viewer; the checkbox adds it to the trials shown
 * side by side. Owners get the trial menu.
 */
export function TrialList({
  trials,
  shown,
  isOwner,
  onShow,
  onToggle,
  onAction,
}: {
  trials: Trial[];
  shown: string[];
  isOwner: boolean;
  onShow: (t: Trial) => void;
  onToggle: (t: Trial) => void;
  onAction: (t: Trial, a: TrialAction) => void;
}) {
  const { t: tr } = useTranslation('session');
  const [menu, setMenu] = useState<{ el: HTMLElement; trial: Trial } | null>(null);
  const vocabulary = useTrialTagVocabulary().data ?? [];
  const labelOf = (v: string) => tagLabel(vocabulary, v, 'session');
  if (trials.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {tr('list.none')}
      </Typography>
    );
  }
  return (
    <>
      <List dense aria-label={tr('list.label')}>
        {trials.map((t) => {
          const viewable = isViewable(t);
          return (
            <Fragment key={t.id}>
              <ListItem
                disablePadding
                data-testid={`trial-${t.name}`}
                secondaryAction={
                  isOwner && (
                    <IconButton
                      edge="end"
                      aria-label={tr('list.menu', { name: t.name })}
                      onClick={(e) => setMenu({ el: e.currentTarget, trial: t })}
                    >
                      <MoreVertIcon />
                    </IconButton>
                  )
                }
              >
                <Checkbox
                  size="small"
                  checked={shown.includes(t.id)}
                  disabled={!viewable}
                  onChange={() => onToggle(t)}
                  slotProps={{ input: { 'aria-label': tr('list.show', { name: t.name }) } }}
                />
                <ListItemButton
                  selected={shown[0] === t.id}
                  disabled={!viewable && t.status === 'done'}
                  onClick={() => viewable && onShow(t)}
                >
                  <ListItemText
                    primary={
                      <Box
                        component="span"
                        sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                      >
                        <span style={{ textDecoration: t.trashed ? 'line-through' : undefined }}>
                          {t.name}
                        </span>
                        <StatusChip trial={t} />
                        {t.trashed && <Chip size="small" label={tr('list.removed')} />}
                      </Box>
                    }
                    secondary={
                      t.status === 'error'
                        ? trialErrorText(t)
                        : t.status === 'processing' && t.progress_info.message
                          ? localizeMessage(t.progress_info.message)
                          : t.tags.length
                            ? t.tags.map(labelOf).join(', ')
                            : null
                    }
                  />
                </ListItemButton>
              </ListItem>
              {trialWarnings(t).length > 0 && (
                <ListItem sx={{ pl: 6, pt: 0 }} data-testid={`trial-warnings-${t.name}`}>
                  <TrialWarningsToggle trial={t} />
                </ListItem>
              )}
            </Fragment>
          );
        })}
      </List>
      <Menu anchorEl={menu?.el} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu &&
          trialMenuEntries(menu.trial).map((e) => (
            <MenuItem
              key={e.action}
              onClick={() => {
                onAction(menu.trial, e.action);
                setMenu(null);
              }}
            >
              {e.label}
            </MenuItem>
          ))}
      </Menu>
    </>
  );
}
