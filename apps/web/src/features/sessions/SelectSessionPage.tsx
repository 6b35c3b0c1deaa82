import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Box, Button, Checkbox, FormControlLabel, Menu, MenuItem, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SessionSummary } from '@poselab/contract';
import { errorText } from '../../api/api-error';
import { useAuth } from '../../auth/auth-store';
import { Page } from '../../layout/PageTitle';
import { daysUntil } from '../../routing/guard';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { sessionName, useRenameSession, useSessionAction, useSessionPage } from './api';
import { useAnalysisDashboards } from './dashboards';
import { RenameSessionDialog } from './RenameSessionDialog';
import { SessionRowMenu, type SessionMenuAction } from './SessionRowMenu';
import { sessionColumns, SessionTable, type SortState } from './SessionTable';
import { useRowClicks } from './use-row-clicks';

function DashboardsMenu() {
  const { t } = useTranslation('sessions');
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dashboards = useAnalysisDashboards();
  return (
    <>
      <Button variant="outlined" endIcon={<ArrowDropDownIcon />} onClick={(e) => setAnchor(e.currentTarget)}>
        {t('dashboards')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => navigate(routePath('Dashboard'))}>{t('kinematicsDashboard')}</MenuItem>
        {(dashboards.data ?? []).map((d) => (
          <MenuItem key={d.id} onClick={() => navigate(routePath('AnalysisDashboard', { id: d.id }))}>
            {d.title}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** SPEC §2 SelectSession: the user's sessions, 40 per page, with the data-management entry points. */
export default function SelectSessionPage() {
  const { t } = useTranslation('sessions');
  const navigate = useNavigate();
  const auth = useAuth();
  const expired = daysUntil(auth.licenseEndDate) < 0;
  const [showRemoved, setShowRemoved] = useState(false);
  const [page, setPage] = useState(0);
  const [sortState, setSortState] = useState<SortState>({ sort: 'created_at', desc: true });
  const [selected, setSelected] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<SessionSummary | null>(null);
  const list = useSessionPage({
    start: page * 40,
    include_trashed: showRemoved,
    sort: sortState.sort,
    sort_desc: sortState.desc,
  });
  const action = useSessionAction();
  const rename = useRenameSession();

  // SPEC §4: with zero sessions the user is sent to Step1 — unless the license has expired, where the guard
  // would send them straight back here (a redirect loop).
  const noSessions =
    list.isSuccess && !list.isPlaceholderData && list.data.total === 0 && !showRemoved && !expired;
  useEffect(() => {
    if (noSessions) navigate('/step1', { replace: true });
  }, [noSessions, navigate]);

  const open = (id: string) => navigate(routePath('Session', { id }));
  const onRowClick = useRowClicks(setSelected, open);

  const onAction = (a: SessionMenuAction, s: SessionSummary) => {
    if (a === 'load') open(s.id);
    else if (a === 'dashboard') navigate(routePath('Dashboard', { id: s.id }));
    else if (a === 'rename') setRenaming(s);
    else {
      action.mutate(
        { id: s.id, action: a },
        {
          onSuccess: () => toast.success(a === 'trash' ? t('trashed') : t('restored')),
          onError: (err) => toast.error(errorText(err)),
        },
      );
    }
  };

  return (
    <Page title={t('title')}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <Button variant="contained" disabled={expired} onClick={() => navigate(routePath('ConnectDevices'))}>
          {t('newSession')}
        </Button>
        <Button variant="outlined" disabled={expired} onClick={() => navigate(routePath('ImportSession'))}>
          {t('newSessionFromFiles')}
        </Button>
        <DashboardsMenu />
        <Button variant="outlined" onClick={() => navigate(routePath('Subjects'))}>
          {t('subjects')}
        </Button>
        <Button variant="outlined" onClick={() => navigate(routePath('Downloads'))}>
          {t('downloads')}
        </Button>
        <Button variant="outlined" onClick={() => navigate(routePath('RecycleBin'))}>
          {t('recycleBin')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <FormControlLabel
          control={
            <Checkbox
              checked={showRemoved}
              onChange={(e) => {
                setShowRemoved(e.target.checked);
                setPage(0);
              }}
            />
          }
          label={t('showRemoved')}
        />
      </Stack>
      <SessionTable
        label={t('title')}
        columns={sessionColumns(t)}
        rows={list.data?.sessions ?? []}
        total={list.data?.total ?? 0}
        page={page}
        loading={list.isFetching}
        error={list.isError ? errorText(list.error) : null}
        selectedId={selected}
        sortState={sortState}
        onSort={(s) => {
          setSortState(s);
          setPage(0);
        }}
        onPage={setPage}
        onRowClick={onRowClick}
        onRowOpen={open}
        actions={(s) => <SessionRowMenu session={s} onAction={onAction} />}
      />
      {renaming ? (
        <RenameSessionDialog
          open
          initialName={sessionName(renaming.meta)}
          busy={rename.isPending}
          onClose={() => setRenaming(null)}
          onRename={(name) =>
            rename.mutate(
              { id: renaming.id, name },
              {
                onSuccess: () => {
                  toast.success(t('renamed'));
                  setRenaming(null);
                },
                onError: (err) => toast.error(errorText(err)),
              },
            )
          }
        />
      ) : null}
    </Page>
  );
}
