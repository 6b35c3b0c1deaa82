import AddIcon from '@mui/icons-material/Add';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import ShareIcon from '@mui/icons-material/Share';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { comparisonColor, comparisonDash, type DashboardGrantQuery } from '@poselab/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, errorText } from '../../api/api-error';
import { isLoggedIn, useAuth } from '../../auth/auth-store';
import { Page } from '../../layout/PageTitle';
import { routePath } from '../../routing/route-names';
import { grantsOf, useAnalysisResults, useDashboard, useDashboardData } from './api';
import { DashboardSelector } from './DashboardSelector';
import { DashboardWidgets } from './DashboardWidgets';
import { newSelector, parseOffset, selectorsFromUrl, urlQueryOf, type SelectorState } from './dashboard-url';
import { ReportPanel } from './ReportPanel';
import { ShareDialog } from './ShareDialog';
import type { WidgetLocale, WidgetTrial } from './widgets/types';

/** SPEC §2 Analysis dashboard: the function's widgets over one or more chosen trials, shareable by URL. */
export default function AnalysisDashboardPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('dashboard');
  const navigate = useNavigate();
  const auth = useAuth();
  const loggedIn = isLoggedIn(auth) && auth.verified;
  const [params, setParams] = useSearchParams();
  const [selectors, setSelectors] = useState<SelectorState[]>(() => {
    const fromUrl = selectorsFromUrl(params);
    if (fromUrl) return fromUrl;
    const subjectId = params.get('subjectId') ?? '';
    const shareToken = params.get('shareToken') ?? '';
    return subjectId && shareToken ? [newSelector({ subjectId, shareToken })] : [];
  });
  const [menuOpen, setMenuOpen] = useState(true);
  const [shareOpen, setShareOpen] = useState(false);

  const grantKey = JSON.stringify(grantsOf(selectors, loggedIn));
  const grants = useMemo(() => JSON.parse(grantKey) as DashboardGrantQuery[], [grantKey]);
  const dashboard = useDashboard(id, grants);
  const { data, isLoading, error } = useDashboardData(id, grants);
  const isOwner = data.isOwner;

  // Complete selectors named by trial only (URL trialId) and preselect the newest trial for the owner.
  const dataKey = `${data.trials.map((x) => x.id).join()}|${data.sessions.length}`;
  useEffect(() => {
    if (data.trials.length === 0) return;
    setSelectors((list) => {
      if (list.length === 0) {
        if (!isOwner) return list;
        const newest = [...data.trials].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
        const session = data.sessions.find((s) => s.id === newest.session_id);
        return [
          newSelector({
            trialId: newest.id,
            sessionId: newest.session_id,
            subjectId: session?.subject_id ?? '',
          }),
        ];
      }
      let changed = false;
      const next = list.map((s) => {
        const trial = data.trials.find((x) => x.id === s.trialId);
        const session = data.sessions.find((x) => x.id === (trial?.session_id ?? s.sessionId));
        const firstSession =
          !s.sessionId && !s.trialId && s.subjectId
            ? data.sessions.find((x) => x.subject_id === s.subjectId)
            : undefined;
        const fill = {
          sessionId: s.sessionId || trial?.session_id || firstSession?.id || '',
          subjectId: s.subjectId || session?.subject_id || '',
          trialId:
            s.trialId ||
            (firstSession ? (data.trials.find((x) => x.session_id === firstSession.id)?.id ?? '') : ''),
        };
        if (fill.sessionId === s.sessionId && fill.subjectId === s.subjectId && fill.trialId === s.trialId)
          return s;
        changed = true;
        return { ...s, ...fill };
      });
      return changed ? next : list;
    });
    // dataKey stands for the data's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataKey, isOwner]);

  // The URL always says what is shown (share tokens only for those who came with them).
  useEffect(() => {
    const q = urlQueryOf(selectors, !isOwner);
    if (selectors.length === 0 && params.get('subjectId')) return;
    if (q.toString() !== params.toString()) setParams(q, { replace: true });
  }, [selectors, isOwner, params, setParams]);

  const chosen = selectors.filter((s) => data.trials.some((x) => x.id === s.trialId));
  const chosenTrials = chosen.map((s) => data.trials.find((x) => x.id === s.trialId)!);
  const resultMedia = chosenTrials.map((x) => data.results.find((r) => r.trial_id === x.id)?.media);
  const results = useAnalysisResults(resultMedia);
  const resultError = results.find((r) => r.error)?.error;

  const locale = useMemo<WidgetLocale>(() => {
    const nf = new Map<number, Intl.NumberFormat>();
    return {
      t: (key, options) => t(key, options ?? {}),
      label: (field, key, stored) => t(`analysis-functions:${field}.${key}.label`, { defaultValue: stored }),
      number: (value, decimals) => {
        let f = nf.get(decimals);
        if (!f) {
          f = new Intl.NumberFormat(i18n.language === 'de' ? 'de-DE' : 'en-US', {
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
            useGrouping: false,
          });
          nf.set(decimals, f);
        }
        return f.format(value);
      },
    };
  }, [t, i18n.language]);

  const resultsKey = results.map((r) => r.dataUpdatedAt).join();
  const chosenKey = chosen.map((s) => `${s.trialId}:${s.offsetText}`).join();
  const widgetTrials = useMemo<WidgetTrial[]>(
    () =>
      chosen.flatMap((s, i) => {
        const result = results[i]?.data;
        return result
          ? [
              {
                key: s.key,
                label: chosenTrials[i].name,
                color: comparisonColor(i),
                dash: comparisonDash(i),
                result,
                offset: parseOffset(s.offsetText) ?? 0,
              },
            ]
          : [];
      }),
    // chosenKey and resultsKey stand for the chosen trials and their loaded results.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chosenKey, resultsKey],
  );

  // Share tokens visitors hold, per subject: a selector switched to another subject reads it with that one.
  const heldTokens = Object.fromEntries(
    selectors.filter((s) => s.shareToken).map((s) => [s.subjectId, s.shareToken]),
  );
  const update = (i: number, v: SelectorState) =>
    setSelectors((list) =>
      list.map((s, k) =>
        k !== i ? s : v.subjectId === s.subjectId ? v : { ...v, shareToken: heldTokens[v.subjectId] ?? '' },
      ),
    );
  const addSelector = () =>
    setSelectors((list) => [
      ...list,
      // SPEC §4: logged-out viewers adding a selector reuse the first selector's subject and session.
      loggedIn && isOwner
        ? newSelector()
        : newSelector({
            subjectId: list[0]?.subjectId,
            sessionId: list[0]?.sessionId,
            shareToken: list[0]?.shareToken,
          }),
    ]);
  const firstSession = data.sessions.find((s) => s.id === chosen[0]?.sessionId);
  const tokens = Object.fromEntries(
    data.subjects.filter((s) => s.share_token).map((s) => [s.id, s.share_token!]),
  );
  const title = dashboard.data
    ? t(`analysis-functions:functions.${dashboard.data.function}.title`, {
        defaultValue: dashboard.data.title,
      })
    : t('title');
  const failed = dashboard.error ?? error;

  if (!id || (failed && !dashboard.data)) {
    return (
      <Page title={t('title')}>
        <Alert severity="error">{t('notFound')}</Alert>
        {failed && !(failed instanceof ApiError && failed.status === 404) && (
          <Typography variant="caption" color="text.secondary">
            {errorText(failed)}
          </Typography>
        )}
        {loggedIn && (
          <Button sx={{ mt: 2 }} onClick={() => navigate(routePath('SelectSession'))}>
            {t('menu.back')}
          </Button>
        )}
      </Page>
    );
  }
  if (grants.length === 0) {
    return (
      <Page title={t('title')}>
        <Alert severity="info">{t('needLink')}</Alert>
      </Page>
    );
  }

  return (
    <Page title={title}>
      <Stack direction="row" sx={{ mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Button
          startIcon={menuOpen ? <MenuOpenIcon /> : <MenuIcon />}
          onClick={() => setMenuOpen((o) => !o)}
          aria-expanded={menuOpen}
          aria-controls="dashboard-data-menu"
        >
          {menuOpen ? t('menu.hide') : t('menu.show')}
        </Button>
        {isOwner && (
          <Button startIcon={<ShareIcon />} onClick={() => setShareOpen(true)} disabled={chosen.length === 0}>
            {t('menu.share')}
          </Button>
        )}
      </Stack>
      {data.refused.length > 0 && !isOwner && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('linkRevoked')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: menuOpen ? '340px minmax(0, 1fr)' : 'minmax(0, 1fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        {menuOpen && (
          <Paper
            variant="outlined"
            sx={{ p: 2 }}
            component="section"
            id="dashboard-data-menu"
            aria-label={t('menu.label')}
          >
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {t('menu.data')}
            </Typography>
            <Stack spacing={1}>
              {selectors.map((sel, i) => (
                <DashboardSelector
                  key={sel.key}
                  index={i}
                  value={sel}
                  subjects={data.subjects}
                  sessions={data.sessions}
                  trials={data.trials}
                  takenTrialIds={selectors.filter((_s, k) => k !== i).map((s) => s.trialId)}
                  canRemove={selectors.length > 1}
                  onChange={(v) => update(i, v)}
                  onRemove={() => setSelectors((list) => list.filter((_s, k) => k !== i))}
                />
              ))}
              <Button startIcon={<AddIcon />} onClick={addSelector} disabled={data.trials.length === 0}>
                {t('menu.addTrial')}
              </Button>
              <Button
                variant="outlined"
                disabled={!firstSession || (!firstSession.is_owner && !firstSession.public)}
                onClick={() => navigate(routePath('Session', { id: firstSession!.id }))}
              >
                {t('menu.visualizer')}
              </Button>
              {loggedIn && (
                <Button onClick={() => navigate(routePath('SelectSession'))}>{t('menu.back')}</Button>
              )}
              {isOwner && dashboard.data && (
                <Box sx={{ pt: 1 }}>
                  <ReportPanel functionId={dashboard.data.function} trialIds={chosen.map((s) => s.trialId)} />
                </Box>
              )}
            </Stack>
          </Paper>
        )}
        <Box sx={{ minWidth: 0 }}>
          {(isLoading || dashboard.isLoading) && (
            <Box
              sx={{ display: 'grid', placeItems: 'center', p: 4 }}
              role="progressbar"
              aria-label={t('loading')}
            >
              <CircularProgress />
            </Box>
          )}
          {resultError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(resultError)}
            </Alert>
          )}
          {!isLoading && data.trials.length === 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('noTrials')}
            </Alert>
          )}
          {dashboard.data && (
            <DashboardWidgets
              layout={dashboard.data.layout}
              trials={widgetTrials}
              viewerTrials={chosenTrials}
              locale={locale}
            />
          )}
        </Box>
      </Box>
      {isOwner && dashboard.data && (
        <ShareDialog
          open={shareOpen}
          onClose={() => setShareOpen(false)}
          dashboardId={id}
          title={title}
          selectors={chosen}
          sessions={data.sessions}
          tokens={tokens}
        />
      )}
    </Page>
  );
}
