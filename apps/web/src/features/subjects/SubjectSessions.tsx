import {
  Alert,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useState } from 'react';
import type { Subject } from '@poselab/contract';
import { errorText } from '../../api/api-error';
import { routePath } from '../../routing/route-names';
import { sessionName, shortDate, useSessionPage } from '../sessions/api';
import { useRowClicks } from '../sessions/use-row-clicks';

/** SPEC §2 side table: the selected subject's sessions; a double click opens the Session route. */
export function SubjectSessions({ subject }: { subject: Subject }) {
  const { t } = useTranslation('subjects');
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string | null>(null);
  const list = useSessionPage({ start: 0, subject_id: subject.id, sort: 'created_at', sort_desc: true });
  const open = (id: string) => navigate(routePath('Session', { id }));
  const onClick = useRowClicks(setSelected, open);
  return (
    <section aria-label={t('sessions.region', { name: subject.name })}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t('sessions.title', { name: subject.name })}
      </Typography>
      {list.isFetching ? <LinearProgress aria-label={t('sessions.loading')} /> : null}
      {list.isError ? <Alert severity="error">{errorText(list.error)}</Alert> : null}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('sessions.table')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('sessions.id')}</TableCell>
              <TableCell>{t('sessions.name')}</TableCell>
              <TableCell>{t('sessions.trials')}</TableCell>
              <TableCell>{t('sessions.date')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data?.sessions ?? []).map((s) => (
              <TableRow
                key={s.id}
                hover
                selected={selected === s.id}
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
                onClick={() => onClick(s.id)}
                onKeyDown={(e) => e.key === 'Enter' && open(s.id)}
              >
                <TableCell sx={{ fontFamily: 'monospace' }}>{s.id.slice(0, 8)}</TableCell>
                <TableCell>{sessionName(s.meta)}</TableCell>
                <TableCell>{s.trials_count}</TableCell>
                <TableCell>{shortDate(s.created_at)}</TableCell>
              </TableRow>
            ))}
            {list.isSuccess && list.data.sessions.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4}>{t('sessions.none')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
