import {
  Alert,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { SESSION_PAGE_SIZE, type SessionSort, type SessionSummary } from '@poselab/contract';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { stickyEndCell, tableScroll } from '../../layout/table-styles';
import { shortDate, sessionName } from './api';

export interface SortState {
  sort: SessionSort;
  desc: boolean;
}

export interface SessionColumn {
  /** Stable id of the column (React key). */
  id: string;
  label: string;
  sort?: SessionSort;
  cell: (s: SessionSummary) => ReactNode;
}

/** The full id from 600 px up; its first 8 characters on phones (the full id in the tooltip). */
export function SessionId({ id }: { id: string }) {
  return (
    <Box component="span" title={id} sx={{ fontFamily: 'monospace' }}>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {id}
      </Box>
      <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
        {id.slice(0, 8)}
      </Box>
    </Box>
  );
}

/** SPEC §2 columns of the session list, labelled in the UI language. */
export function sessionColumns(t: TFunction): SessionColumn[] {
  return [
    { id: 'id', label: t('sessions:columns.id'), sort: 'id', cell: (s) => <SessionId id={s.id} /> },
    { id: 'name', label: t('sessions:columns.name'), sort: 'name', cell: (s) => sessionName(s.meta) },
    { id: 'subject', label: t('sessions:columns.subject'), sort: 'subject_name', cell: (s) => s.name ?? '' },
    {
      id: 'date',
      label: t('sessions:columns.date'),
      sort: 'created_at',
      cell: (s) => shortDate(s.created_at),
    },
    { id: 'trials', label: t('sessions:columns.trials'), sort: 'trials_count', cell: (s) => s.trials_count },
  ];
}

/** A paged session table (40 per page, no per-page choice) with sortable headers and selectable rows. */
export function SessionTable({
  label,
  columns,
  rows,
  total,
  page,
  loading,
  error,
  selectedId,
  sortState,
  onSort,
  onPage,
  onRowClick,
  onRowOpen,
  actions,
  dimTrashed = true,
}: {
  label: string;
  columns: SessionColumn[];
  rows: SessionSummary[];
  total: number;
  page: number;
  loading: boolean;
  error: string | null;
  selectedId: string | null;
  sortState: SortState;
  onSort: (s: SortState) => void;
  onPage: (page: number) => void;
  onRowClick: (id: string) => void;
  onRowOpen: (id: string) => void;
  actions: (s: SessionSummary) => ReactNode;
  /** Grey out trashed rows (the session list with removed sessions shown; not the recycle bin). */
  dimTrashed?: boolean;
}) {
  const { t } = useTranslation('sessions');
  return (
    <Box>
      {loading ? <LinearProgress aria-label={t('loading')} /> : <Box sx={{ height: 4 }} />}
      {error ? <Alert severity="error">{error}</Alert> : null}
      <TableContainer sx={tableScroll}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.id}
                  sx={{ px: { xs: 1, sm: 2 } }}
                  sortDirection={sortState.sort === c.sort ? (sortState.desc ? 'desc' : 'asc') : false}
                >
                  {c.sort ? (
                    <TableSortLabel
                      active={sortState.sort === c.sort}
                      direction={sortState.sort === c.sort && sortState.desc ? 'desc' : 'asc'}
                      onClick={() =>
                        onSort({
                          sort: c.sort!,
                          desc: sortState.sort === c.sort ? !sortState.desc : c.sort === 'created_at',
                        })
                      }
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
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
                selected={s.id === selectedId}
                tabIndex={0}
                aria-selected={s.id === selectedId}
                onClick={() => onRowClick(s.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') onRowOpen(s.id);
                  if (e.key === ' ') {
                    e.preventDefault();
                    onRowClick(s.id);
                  }
                }}
                sx={{
                  cursor: 'pointer',
                  ...(s.trashed && dimTrashed ? { '& td': { color: 'text.disabled' } } : {}),
                }}
              >
                {columns.map((c) => (
                  // On a phone, names wrap rather than run behind the table's edge (issue #29).
                  <TableCell
                    key={c.id}
                    sx={{
                      whiteSpace: {
                        xs: c.id === 'name' || c.id === 'subject' ? 'normal' : 'nowrap',
                        sm: 'nowrap',
                      },
                      overflowWrap: 'anywhere',
                      px: { xs: 1, sm: 2 },
                    }}
                  >
                    {c.cell(s)}
                  </TableCell>
                ))}
                <TableCell padding="checkbox" sx={stickyEndCell}>
                  {actions(s)}
                </TableCell>
              </TableRow>
            ))}
            {!loading && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>{t('empty')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={SESSION_PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_e, p) => onPage(p)}
      />
    </Box>
  );
}
