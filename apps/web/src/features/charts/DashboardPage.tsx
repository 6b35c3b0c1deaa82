import AddIcon from '@mui/icons-material/Add';
import TuneIcon from '@mui/icons-material/Tune';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  ListItemText,
  MenuItem,
  Paper,
  Popover,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Session, Trial } from '@poselab/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { errorText } from '../../api/api-error';
import { isLoggedIn, useAuth } from '../../auth/auth-store';
import { Page } from '../../layout/PageTitle';
import { routePath } from '../../routing/route-names';
import { ChartCanvas, type ChartHandle } from './ChartCanvas';
import { DEFAULT_CHART_OPTIONS, parseOffset, type ChartOptionsState } from './chart-options';
import { ChartOptionsPanel } from './ChartOptionsPanel';
import { selectableTrials, useMotTables, useRouteSession, useSessionsBySubject, useSubjects } from './data';
import { axisTitle, buildSeries, type TrialTable } from './series';
import { TrialSelector, type SelectorState } from './TrialSelector';

let selectorSeq = 0;
const newSelector = (from?: Partial<SelectorState>): SelectorState => ({
  key: `s${++selectorSeq}`,
  subjectId: from?.subjectId ?? '',
  sessionId: from?.sessionId ?? '',
  trialId: from?.trialId ?? '',
  offsetText: '0',
});

/** SPEC §2 Chart page (the Kinematics dashboard): IK coordinates of several trials against time or each other. */
export default function DashboardPage() {
  const { t } = useTranslation('charts');
  const { id } = useParams();
  const auth = useAuth();
  const loggedIn = isLoggedIn(auth) && auth.verified;
  const navigate = useNavigate();
  const routeSession = useRouteSession(id);
  const subjectsQuery = useSubjects(loggedIn);
  const [selectors, setSelectors] = useState<SelectorState[]>([]);
  const [x, setX] = useState('time');
  const [ys, setYs] = useState<string[] | null>(null);
  const [options, setOptions] = useState<ChartOptionsState>(DEFAULT_CHART_OPTIONS);
  const [optionsAnchor, setOptionsAnchor] = useState<HTMLElement | null>(null);
  const chartRef = useRef<ChartHandle>(null);

  // Start with the route's session and its first selectable trial.
  useEffect(() => {
    const s = routeSession.data;
    if (selectors.length > 0) return;
    if (s)
      setSelectors([
        newSelector({ subjectId: s.subject_id ?? '', sessionId: s.id, trialId: selectableTrials(s)[0]?.id }),
      ]);
    else if (!id && loggedIn) setSelectors([newSelector()]);
  }, [routeSession.data, id, loggedIn, selectors.length]);

  const visitorSessions: Session[] | null = loggedIn ? null : routeSession.data ? [routeSession.data] : [];
  const bySubject = useSessionsBySubject(
    selectors.map((s) => s.subjectId),
    loggedIn,
  );
  const subjects = loggedIn
    ? (subjectsQuery.data?.subjects ?? []).map((s) => ({ id: s.id, name: s.name }))
    : routeSession.data?.subject_id
      ? [{ id: routeSession.data.subject_id, name: routeSession.data.name ?? t('subjectFallback') }]
      : [];

  const trialOf = (sel: SelectorState): Trial | undefined => {
    const sessions = visitorSessions ?? [
      ...(bySubject.get(sel.subjectId) ?? []),
      ...(routeSession.data ? [routeSession.data] : []),
    ];
    return sessions.find((s) => s.id === sel.sessionId)?.trials.find((t) => t.id === sel.trialId);
  };
  const selectedTrials = selectors.map(trialOf);
  const tables = useMotTables(selectedTrials);
  const loadError = tables.find((t) => t.error)?.error;

  const trialTables: TrialTable[] = [];
  selectors.forEach((sel, i) => {
    const table = tables[i]?.data;
    const trial = selectedTrials[i];
    if (table && trial)
      trialTables.push({ key: sel.key, label: trial.name, table, offset: parseOffset(sel.offsetText) ?? 0 });
  });
  const columns = [...new Set(trialTables.flatMap((t) => t.table.columns))];
  const yChoices = columns.filter((c) => c !== x);
  const shownYs = (ys ?? (columns.includes('knee_angle_r') ? ['knee_angle_r'] : yChoices.slice(0, 1))).filter(
    (c) => columns.includes(c),
  );
  // trialTables is rebuilt each render; these keys capture its content for memoisation.
  const tablesKey = JSON.stringify(trialTables.map((t) => [t.key, t.label, t.offset]));
  const dataVersion = tables.map((t) => t.dataUpdatedAt).join();
  const shownKey = shownYs.join();
  const series = useMemo(
    () => buildSeries(trialTables, x, shownYs, options.colorScale, auth.unit),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tablesKey, dataVersion, x, shownKey, options.colorScale, auth.unit],
  );

  const download = () => {
    const png = chartRef.current?.toPng();
    if (!png) return;
    const a = document.createElement('a');
    a.href = png;
    a.download = `${options.title || t('fileName')}.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  const firstSession = selectors[0]?.sessionId;
  const update = (i: number, v: SelectorState) =>
    setSelectors((list) => list.map((s, k) => (k === i ? v : s)));

  return (
    <Page title={t('title')}>
      {routeSession.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(routeSession.error)}
        </Alert>
      )}
      {!loggedIn && !id && <Alert severity="info">{t('publicOnly')}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '360px minmax(0, 1fr)' },
          gap: 2,
        }}
      >
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('dataMenu')}>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            {t('data')}
          </Typography>
          <Stack spacing={1}>
            {selectors.map((sel, i) => (
              <TrialSelector
                key={sel.key}
                index={i}
                value={sel}
                subjects={subjects}
                fixedSessions={visitorSessions}
                takenTrialIds={selectors.filter((_s, k) => k !== i).map((s) => s.trialId)}
                canRemove={selectors.length > 1}
                onChange={(v) => update(i, v)}
                onRemove={() => setSelectors((list) => list.filter((_s, k) => k !== i))}
              />
            ))}
            <Button
              startIcon={<AddIcon />}
              onClick={() =>
                setSelectors((list) => [
                  ...list,
                  newSelector({ subjectId: list[0]?.subjectId, sessionId: list[0]?.sessionId }),
                ])
              }
            >
              {t('addTrial')}
            </Button>
            <TextField
              select
              size="small"
              label={t('x')}
              value={columns.includes(x) ? x : 'time'}
              onChange={(e) => setX(e.target.value)}
            >
              {(columns.length ? columns : ['time']).map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('y')}
              value={shownYs}
              slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).join(', ') } }}
              onChange={(e) =>
                setYs(
                  typeof e.target.value === 'string'
                    ? e.target.value.split(',')
                    : (e.target.value as string[]),
                )
              }
            >
              {yChoices.map((c) => (
                <MenuItem key={c} value={c}>
                  <Checkbox size="small" checked={shownYs.includes(c)} />
                  <ListItemText primary={c} />
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={download} disabled={series.length === 0}>
              {t('download')}
            </Button>
            <Button
              variant="outlined"
              disabled={!firstSession}
              onClick={() => navigate(routePath('Session', { id: firstSession }))}
            >
              {t('visualizer')}
            </Button>
            {loggedIn && <Button onClick={() => navigate(routePath('SelectSession'))}>{t('back')}</Button>}
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1 }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('zoomHint')}
            </Typography>
            {/* Keeps its width beside a long hint at 390 px ('Optionen' was cut: issue #29). */}
            <Button
              sx={{ flexShrink: 0 }}
              startIcon={<TuneIcon />}
              onClick={(e) => setOptionsAnchor(e.currentTarget)}
              aria-haspopup="dialog"
            >
              {t('options')}
            </Button>
          </Stack>
          {loadError && <Alert severity="error">{errorText(loadError)}</Alert>}
          <ChartCanvas
            ref={chartRef}
            series={series}
            options={options}
            xTitle={axisTitle([x], auth.unit)}
            yTitle={axisTitle(shownYs, auth.unit)}
          />
        </Paper>
      </Box>
      <Popover
        open={Boolean(optionsAnchor)}
        anchorEl={optionsAnchor}
        onClose={() => setOptionsAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <ChartOptionsPanel
          value={options}
          onChange={setOptions}
          onResetZoom={() => chartRef.current?.resetZoom()}
        />
      </Popover>
    </Page>
  );
}
