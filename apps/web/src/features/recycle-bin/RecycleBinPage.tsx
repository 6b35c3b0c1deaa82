import { Box, Button, Paper, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { permanentRemoveSessionEndpoint, type SessionSummary } from '@poselab/contract';
import { apiCall } from '../../api/client';
import { errorText } from '../../api/api-error';
import { Page } from '../../layout/PageTitle';
import { RowActionsMenu } from '../../layout/RowActionsMenu';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import {
  fetchSessionPage,
  SESSION_LISTS_KEY,
  sessionName,
  shortDate,
  useSessionAction,
  useSessionPage,
} from '../sessions/api';
import { ConfirmDialog } from '../sessions/ConfirmDialog';
import { SessionId, SessionTable, type SessionColumn, type SortState } from '../sessions/SessionTable';
import { BinTrials } from './BinTrials';

/** SPEC §2 recycle bin columns. */
const binColumns = (t: TFunction): SessionColumn[] => [
  { id: 'id', label: t('columns.id'), sort: 'id', cell: (s) => <SessionId id={s.id} /> },
  { id: 'name', label: t('columns.name'), sort: 'name', cell: (s) => sessionName(s.meta) },
  { id: 'subject', label: t('columns.subject'), sort: 'subject_name', cell: (s) => s.name ?? '' },
  { id: 'trials', label: t('columns.trials'), sort: 'trials_count', cell: (s) => s.trials_count },
  { id: 'date', label: t('columns.date'), sort: 'created_at', cell: (s) => shortDate(s.created_at) },
];

type Pending = { kind: 'restore' | 'remove'; session: SessionSummary } | { kind: 'empty' };

function BinRowMenu({ session, onPick }: { session: SessionSummary; onPick: (p: Pending) => void }) {
  const { t } = useTranslation('recycleBin');
  return (
    <RowActionsMenu
      label={t('menu.label', { id: session.id })}
      actions={[
        { action: 'restore', label: t('menu.restore') },
        { action: 'remove', label: t('menu.remove') },
      ]}
      onPick={(kind) => onPick({ kind, session })}
    />
  );
}

/** SPEC §2 RecycleBin: trashed sessions, their trials, restore and permanent deletion behind Yes/No. */
export default function RecycleBinPage() {
  const { t } = useTranslation('recycleBin');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [page, setPage] = useState(0);
  const [sortState, setSortState] = useState<SortState>({ sort: 'created_at', desc: true });
  const [selected, setSelected] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [emptying, setEmptying] = useState(false);
  const list = useSessionPage({
    start: page * 40,
    only_trashed: true,
    sort: sortState.sort,
    sort_desc: sortState.desc,
  });
  const action = useSessionAction();

  const emptyBin = async () => {
    setEmptying(true);
    try {
      // Page through the bin from the start: every removal shortens it.
      let removed = 0;
      for (;;) {
        const batch = await fetchSessionPage({ start: 0, quantity: 100, only_trashed: true });
        if (batch.sessions.length === 0) break;
        for (const s of batch.sessions) {
          await apiCall(permanentRemoveSessionEndpoint, { params: { id: s.id } });
          removed += 1;
        }
      }
      toast.success(t('emptied', { count: removed }));
      setSelected(null);
      setPage(0);
    } catch (e) {
      toast.error(errorText(e));
    } finally {
      setEmptying(false);
      setPending(null);
      await qc.invalidateQueries({ queryKey: SESSION_LISTS_KEY });
    }
  };

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'empty') {
      void emptyBin();
      return;
    }
    const { kind, session } = pending;
    action.mutate(
      { id: session.id, action: kind },
      {
        onSuccess: () => {
          toast.success(kind === 'restore' ? t('restored') : t('removed'));
          if (selected === session.id) setSelected(null);
        },
        onError: (e) => toast.error(errorText(e)),
        onSettled: () => setPending(null),
      },
    );
  };

  const rows = list.data?.sessions ?? [];
  return (
    <Page title={t('title')}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" onClick={() => navigate(routePath('SelectSession'))}>
          {t('back')}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={emptying || (list.isSuccess && list.data.total === 0)}
          onClick={() => setPending({ kind: 'empty' })}
        >
          {t('empty')}
        </Button>
      </Stack>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: selected ? '2fr 1fr' : '1fr' } }}
      >
        <Paper variant="outlined">
          <SessionTable
            label={t('tableLabel')}
            columns={binColumns(t)}
            rows={rows}
            total={list.data?.total ?? 0}
            page={page}
            loading={list.isFetching || emptying}
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
        {selected ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <BinTrials sessionId={selected} />
          </Paper>
        ) : null}
      </Box>
      <ConfirmDialog
        open={Boolean(pending)}
        title={pending ? t(`questions.${pending.kind}Title`) : ''}
        text={pending ? t(`questions.${pending.kind}Text`) : ''}
        busy={action.isPending || emptying}
        onNo={() => setPending(null)}
        onYes={confirm}
      />
    </Page>
  );
}
