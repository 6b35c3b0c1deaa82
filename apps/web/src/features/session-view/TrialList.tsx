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
import type { Trial } from '@poselab/contract';
import { Fragment, useState } from 'react';
import { DoneWithWarningsChip, TrialWarningsToggle } from './quality/TrialWarnings';
import { isDoneWithWarnings, trialWarnings } from './quality/warning-text';
import {
  isNeutral,
  isViewable,
  statusColor,
  statusLabel,
  TRIAL_ERROR_HOVER,
  trialErrorText,
} from './trial-status';
import { useTrialTagVocabulary } from './use-trial-tags';

export type TrialAction = 'rename' | 'analysis' | 'tags' | 'trash' | 'restore' | 'delete';

/** SPEC §2 trial menu entries a trial offers. */
export function trialMenuEntries(t: Trial): { action: TrialAction; label: string }[] {
  const entries: { action: TrialAction; label: string }[] = [];
  if (!isNeutral(t)) entries.push({ action: 'rename', label: 'Rename' });
  if (!t.trashed && !isNeutral(t)) entries.push({ action: 'analysis', label: 'Analysis' });
  entries.push({ action: 'tags', label: 'Edit Tags' });
  if (!t.trashed) entries.push({ action: 'trash', label: 'Trash' });
  if (t.trashed) entries.push({ action: 'restore', label: 'Restore' });
  entries.push({ action: 'delete', label: 'Delete' });
  return entries;
}

function StatusChip({ trial }: { trial: Trial }) {
  if (isDoneWithWarnings(trial)) return <DoneWithWarningsChip trial={trial} />;
  const chip = (
    <Chip size="small" label={statusLabel(trial)} color={statusColor(trial.status)} variant="outlined" />
  );
  if (trial.status !== 'error') return chip;
  return (
    <Tooltip title={TRIAL_ERROR_HOVER}>
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
  const [menu, setMenu] = useState<{ el: HTMLElement; trial: Trial } | null>(null);
  const vocabulary = useTrialTagVocabulary().data ?? [];
  const tagLabel = (v: string) => vocabulary.find((o) => o.value === v)?.label ?? v;
  if (trials.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        No trials yet.
      </Typography>
    );
  }
  return (
    <>
      <List dense aria-label="Trials">
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
                      aria-label={`Trial menu ${t.name}`}
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
                  slotProps={{ input: { 'aria-label': `Show ${t.name} in the viewer` } }}
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
                        {t.trashed && <Chip size="small" label="Removed" />}
                      </Box>
                    }
                    secondary={
                      t.status === 'error'
                        ? trialErrorText(t)
                        : t.status === 'processing' && t.progress_info.message
                          ? t.progress_info.message
                          : t.tags.length
                            ? t.tags.map(tagLabel).join(', ')
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
