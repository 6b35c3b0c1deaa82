import { Box, Button, Chip, Paper, Stack } from '@mui/material';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SessionSummary } from '@poselab/contract';
import { errorText } from '../../api/api-error';
import { Page } from '../../layout/PageTitle';
import { RowActionsMenu } from '../../layout/RowActionsMenu';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { sessionName, shortDate, useSessionAction, useSessionPage } from '../sessions/api';
import { ConfirmDialog } from '../sessions/ConfirmDialog';
import { SessionId, SessionTable, type SessionColumn, type SortState } from '../sessions/SessionTable';
import { trashedTrialIds, useBinTrialAction, useEmptyBin } from './api';
import { BinTrials } from './BinTrials';

/**
 * SPEC §2 recycle bin columns. A session that is not trashed itself is here for its trashed trials: its name
 * carries a 'trashed trials' chip and the trial count is of the trials in the bin.
 */
const binColumns = (t: TFunction): SessionColumn[] => [
  { id: 'id', label: t('columns.id'), sort: 'id', cell: (s) => <SessionId id={s.id} /> },
  {
    id: 'name',
    label: t('columns.name'),
    sort: 'name',
    cell: (s) => (
      <>
        {sessionName(s.meta)}
        {s.trashed ? null : (
          <Chip
            size="small"
            variant="outlined"
            label={t('trialsOnly')}
            sx={{ ml: sessionName(s.meta) ? 1 : 0 }}
          />
        )}
      </>
    ),
  },
  { id: 'subject', label: t('columns.subject'), sort: 'subject_name', cell: (s) => s.name ?? '' },
  { id: 'trials', label: t('columns.trials'), sort: 'trials_count', cell: (s) => s.trials_count },
  { id: 'date', label: t('columns.date'), sort: 'created_at', cell: (s) => shortDate(s.created_at) },
];

type SessionAction = 'restore' | 'remove' | 'restoreTrials' | 'removeTrials';
type Pending = { kind: SessionAction; session: SessionSummary } | { kind: 'empty' };

function BinRowMenu({ session, onPick }: { session: SessionSummary; onPick: (p: Pending) => void }) {
  const { t } = useTranslation('recycleBin');
  const actions: Array<{ action: SessionAction; label: string }> = session.trashed
    ? [
        { action: 'restore', label: t('menu.restore') },
        { action: 'remove', label: t('menu.remove') },
      ]
    : [
        { action: 'restoreTrials', label: t('menu.restoreTrials') },
        { action: 'removeTrials', label: t('menu.removeTrials') },
      ];
  return (
    <RowActionsMenu
      label={t('menu.label', { id: session.id })}
      actions={actions}
      onPick={(kind) => onPick({ kind, session })}
    />
  );
}

/**
 * SPEC §2 RecycleBin: trashed sessions and sessions with trashed trials, the selected one's trials, restore and
 * permanent deletion behind Yes/No, and Empty Recycle Bin.
 */
export default function RecycleBinPage() {
  const { t } = useTranslation('recycleBin');
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const [sortState, setSortState] = useState<SortState>({ sort: 'created_at', desc: true });
  const [selected, setSelected] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const list = useSessionPage({
    start: page * 40,
    only_trashed: true,
    sort: sortState.sort,
    sort_desc: sortState.desc,
  });
  const sessionAction = useSessionAction();
  const trialAction = useBinTrialAction();
  const empty = useEmptyBin();
  const busy = sessionAction.isPending || trialAction.isPending || empty.isPending;
  const rows = list.data?.sessions ?? [];
  const selectedRow = rows.find((s) => s.id === selected) ?? null;

  const done = (ok: string, session?: SessionSummary) => {
    toast.success(ok);
    if (session && selected === session.id) setSelected(null);
  };
  const failed = (e: unknown) => toast.error(errorText(e));

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'empty') {
        const r = await empty.mutateAsync();
        toast.success(
          t('emptiedAll', {
            sessions: t('sessionsCount', { count: r.sessions }),
            trials: t('trialsCount', { count: r.trials }),
          }),
        );
        if (r.kept > 0) toast.info(t('emptiedKept', { count: r.kept }));
        setSelected(null);
        setPage(0);
      } else if (pending.kind === 'restore' || pending.kind === 'remove') {
        const { kind, session } = pending;
        await sessionAction.mutateAsync({ id: session.id, action: kind });
        done(kind === 'restore' ? t('restored') : t('removed'), session);
      } else {
        const { kind, session } = pending;
        const ids = await trashedTrialIds(session.id);
        const action = kind === 'restoreTrials' ? 'restore' : 'remove';
        const n = await trialAction.mutateAsync({ action, trialIds: ids });
        done(t(action === 'restore' ? 'trialsRestored' : 'trialsRemoved', { count: n }), session);
      }
    } catch (e) {
      failed(e);
    } finally {
      setPending(null);
    }
  };

  return (
    <Page title={t('title')}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" onClick={() => navigate(routePath('SelectSession'))}>
          {t('back')}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy || (list.isSuccess && list.data.total === 0)}
          onClick={() => setPending({ kind: 'empty' })}
        >
          {t('empty')}
        </Button>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            lg: selected ? 'minmax(0, 2fr) minmax(0, 1fr)' : '1fr',
          },
        }}
      >
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <SessionTable
            label={t('tableLabel')}
            columns={binColumns(t)}
            rows={rows}
            total={list.data?.total ?? 0}
            page={page}
            loading={list.isFetching || empty.isPending}
            error={list.isError ? errorText(list.error) : null}
            selectedId={selected}
            sortState={sortState}
            onSort={(s) => (setSortState(s), setPage(0))}
            onPage={setPage}
            onRowClick={setSelected}
            onRowOpen={setSelected}
            actions={(s) => <BinRowMenu session={s} onPick={setPending} />}
            dimTrashed={false}
          />
        </Paper>
        {selectedRow ? (
          <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
            <BinTrials sessionId={selectedRow.id} sessionTrashed={selectedRow.trashed} />
          </Paper>
        ) : null}
      </Box>
      <ConfirmDialog
        open={Boolean(pending)}
        title={pending ? t(`questions.${pending.kind}Title`) : ''}
        text={pending ? t(`questions.${pending.kind}Text`) : ''}
        busy={busy}
        onNo={() => setPending(null)}
        onYes={() => void confirm()}
      />
    </Page>
  );
}
