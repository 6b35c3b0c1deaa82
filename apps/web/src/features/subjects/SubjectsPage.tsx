import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SESSION_PAGE_SIZE, type Subject } from '@poselab/contract';
import { errorText } from '../../api/api-error';
import { useAuth } from '../../auth/auth-store';
import { Page } from '../../layout/PageTitle';
import { stickyEndCell, tableScroll } from '../../layout/table-styles';
import { routePath } from '../../routing/route-names';
import { toast } from '../../toast/toast';
import { ConfirmDialog } from '../sessions/ConfirmDialog';
import { useSubjectAction, useSubjects } from './api';
import { startSubjectArchive, useChosenArchiveDownload, useSyncDownload } from '../archive/SessionDownloads';
import { SubjectDialog } from './SubjectDialog';
import { SubjectRowMenu, type SubjectMenuAction } from './SubjectRowMenu';
import { SubjectSessions } from './SubjectSessions';
import { SubjectShareDialog } from './SubjectShareDialog';
import { tagLabel, useSubjectTagVocabulary } from './tags';
import { displayHeight, displayWeight } from './units';

/** SPEC §2 Subjects: the user's subjects in their units, with the selected subject's sessions beside them. */
export default function SubjectsPage() {
  const { t } = useTranslation('subjects');
  const navigate = useNavigate();
  const auth = useAuth();
  const [showRemoved, setShowRemoved] = useState(false);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Subject | null>(null);
  const [dialog, setDialog] = useState<{ subject: Subject | null } | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<Subject | null>(null);
  const [sharing, setSharing] = useState<Subject | null>(null);
  const list = useSubjects({
    start: page * SESSION_PAGE_SIZE,
    quantity: SESSION_PAGE_SIZE,
    include_trashed: showRemoved,
    sort: 'name',
  });
  const vocabulary = useSubjectTagVocabulary();
  const action = useSubjectAction();
  const archive = useChosenArchiveDownload();
  const sync = useSyncDownload();

  const run = (a: 'trash' | 'restore' | 'remove', s: Subject) =>
    action.mutate(
      { id: s.id, action: a },
      {
        onSuccess: () => {
          toast.success(t(`done.${a}`));
          setConfirmRemove(null);
          if (a === 'remove' && selected?.id === s.id) setSelected(null);
        },
        onError: (e) => toast.error(errorText(e)),
      },
    );

  const onAction = (a: SubjectMenuAction, s: Subject) => {
    if (a === 'edit') setDialog({ subject: s });
    else if (a === 'share') setSharing(s);
    else if (a === 'remove') setConfirmRemove(s);
    else if (a === 'download') {
      if (!sync.busy)
        sync.run(`/subjects/${encodeURIComponent(s.id)}/download/`, `subject_results_${s.id}.zip`);
    } else if (a === 'archive') {
      if (!archive.busy) archive.choose((videos) => startSubjectArchive(s.id, videos));
    } else run(a, s);
  };

  const rows = list.data?.subjects ?? [];
  return (
    <Page title={t('title')}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <Button variant="contained" onClick={() => setDialog({ subject: null })}>
          {t('newSubject')}
        </Button>
        <Button variant="outlined" onClick={() => navigate(routePath('SelectSession'))}>
          {t('back')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <FormControlLabel
          control={
            <Checkbox
              checked={showRemoved}
              onChange={(e) => (setShowRemoved(e.target.checked), setPage(0))}
            />
          }
          label={t('showRemoved')}
        />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // minmax(0, …): a wide table scrolls inside its column instead of widening the page.
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            lg: selected ? 'minmax(0, 2fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
          },
        }}
      >
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          {list.isFetching ? <LinearProgress aria-label={t('loading')} /> : <Box sx={{ height: 4 }} />}
          {list.isError ? <Alert severity="error">{errorText(list.error)}</Alert> : null}
          <TableContainer sx={tableScroll}>
            <Table size="small" aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  {(
                    [
                      'name',
                      'weight',
                      'height',
                      'birthYear',
                      'sex',
                      'gender',
                      'tags',
                      'characteristics',
                    ] as const
                  ).map((h) => (
                    // One line per header: 'Birth year' wrapped to a letter per line over its 4 digits (#29).
                    <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>
                      {t(`columns.${h}`)}
                    </TableCell>
                  ))}
                  <TableCell padding="checkbox" aria-label={t('actionsColumn')} sx={stickyEndCell} />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((s) => (
                  <TableRow
                    key={s.id}
                    hover
                    tabIndex={0}
                    selected={selected?.id === s.id}
                    onClick={() => setSelected(s)}
                    onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setSelected(s)}
                    sx={{ cursor: 'pointer', ...(s.trashed ? { '& td': { color: 'text.disabled' } } : {}) }}
                  >
                    <TableCell>{s.name}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayWeight(s.weight, auth.unit)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{displayHeight(s.height, auth.unit)}</TableCell>
                    <TableCell>{s.birth_year}</TableCell>
                    <TableCell>{s.sex_at_birth ? t(`sex.${s.sex_at_birth}`) : ''}</TableCell>
                    <TableCell>{s.gender ? t(`gender.${s.gender}`) : ''}</TableCell>
                    <TableCell>
                      {s.subject_tags.map((tag) => tagLabel(vocabulary.data, tag)).join(', ')}
                    </TableCell>
                    <TableCell>{s.characteristics}</TableCell>
                    <TableCell padding="checkbox" sx={stickyEndCell}>
                      <SubjectRowMenu
                        subject={s}
                        allowSyncDownload={auth.allowSyncDownload}
                        onAction={onAction}
                      />
                    </TableCell>
                  </TableRow>
                ))}
                {list.isSuccess && rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={9}>{t('none')}</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={list.data?.total ?? 0}
            page={page}
            rowsPerPage={SESSION_PAGE_SIZE}
            rowsPerPageOptions={[]}
            onPageChange={(_e, p) => setPage(p)}
          />
        </Paper>
        {selected ? (
          <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
            <SubjectSessions subject={selected} />
          </Paper>
        ) : null}
      </Box>
      <SubjectDialog
        open={Boolean(dialog)}
        subject={dialog?.subject}
        onClose={() => setDialog(null)}
        onSaved={(s) => {
          setDialog(null);
          setSelected(s);
        }}
      />
      {archive.dialog}
      <ConfirmDialog
        open={Boolean(confirmRemove)}
        title={t('removeTitle')}
        text={t('removeText', { name: confirmRemove?.name ?? '' })}
        busy={action.isPending}
        onNo={() => setConfirmRemove(null)}
        onYes={() => confirmRemove && run('remove', confirmRemove)}
      />
      {sharing && <SubjectShareDialog subject={sharing} onClose={() => setSharing(null)} />}
    </Page>
  );
}
