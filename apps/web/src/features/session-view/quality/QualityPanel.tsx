import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import type { Trial, TrialQuality } from '@poselab/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { trialErrorText } from '../trial-status';
import { WarningList } from './TrialWarnings';
import { QUALITY_NS, trialWarnings } from './warning-text';

/** Rows of a long list shown before 'Show all'. */
const SHORT_LIST = 5;

/** Trials with something to say about their quality: processed (done or error) with figures, warnings or an error. */
export function hasQualityInfo(t: Trial): boolean {
  return (
    (t.status === 'done' || t.status === 'error') &&
    (Boolean(t.meta.quality) || trialWarnings(t).length > 0 || t.status === 'error')
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 500, color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

/** A list that shows its first rows and a button for the rest. */
function ShortList({ items }: { items: string[] }) {
  const { t } = useTranslation(QUALITY_NS);
  const [all, setAll] = useState(false);
  if (items.length === 0) return <>{t('panel.none')}</>;
  const shown = all ? items : items.slice(0, SHORT_LIST);
  return (
    <>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {shown.map((x, i) => (
          <li key={i}>{x}</li>
        ))}
      </Box>
      {items.length > SHORT_LIST && (
        <Button size="small" onClick={() => setAll((a) => !a)} sx={{ textTransform: 'none', px: 0 }}>
          {all ? t('panel.showLess') : t('panel.showMore', { count: items.length })}
        </Button>
      )}
    </>
  );
}

function Figures({ q }: { q: TrialQuality }) {
  const { t } = useTranslation(QUALITY_NS);
  const mm = (value: number) => t('panel.mm', { value });
  const px = (value: number) => t('panel.px', { value });
  const limit = (l: 'min' | 'max') => t(`panel.limit.${l}`);
  return (
    <>
      <Row label={t('panel.markerRms')}>{q.ik_marker_rms_mm === null ? '–' : mm(q.ik_marker_rms_mm)}</Row>
      <Row label={t('panel.worstMarkers')}>
        <ShortList items={q.ik_marker_worst.map((m) => `${m.marker}: ${mm(m.rms_mm)}`)} />
      </Row>
      <Row label={t('panel.atLimit')}>
        <ShortList
          items={q.coordinates_at_limit.map((c) =>
            t('panel.atLimitRow', {
              coordinate: c.coordinate,
              limit: limit(c.limit),
              frames_pct: c.frames_pct,
            }),
          )}
        />
      </Row>
      <Row label={t('panel.reprojection')}>
        {q.reprojection ? (
          <>
            <div>
              {t('panel.reprojectionMean')}: {px(q.reprojection.mean_px)}
            </div>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('panel.perCamera')}
            </Typography>
            <ShortList items={q.reprojection.per_camera.map((c) => `${c.camera}: ${px(c.mean_px)}`)} />
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('panel.perKeypoint')}
            </Typography>
            <ShortList
              items={[...q.reprojection.per_keypoint]
                .sort((a, b) => b.mean_px - a.mean_px)
                .map((k) => `${k.keypoint}: ${px(k.mean_px)}`)}
            />
          </>
        ) : (
          '–'
        )}
      </Row>
      <Row label={t('panel.camerasLeftOut')}>
        <ShortList
          items={q.cameras_left_out.map((c) =>
            // A reason may already name its camera ('Camera 2 was left out: …').
            c.reason.startsWith(c.camera) ? c.reason : `${c.camera}: ${c.reason}`,
          )}
        />
      </Row>
    </>
  );
}

/**
 * SPEC-silent, issue #14: how far to trust a processed trial. Its error, its warnings and the figures processing
 * stored (IK marker error, worst markers, coordinates at limits, reprojection per camera and keypoint, cameras
 * left out). `trials` are the session's trials with such information; the panel starts on `initial`.
 */
export function QualityPanel({ trials, initial }: { trials: Trial[]; initial: string | null }) {
  const { t } = useTranslation(QUALITY_NS);
  const [picked, setPicked] = useState<string | null>(null);
  const trial = trials.find((x) => x.id === (picked ?? initial)) ?? trials[0];
  if (!trial) return null;
  const q = trial.meta.quality;
  return (
    <Box component="section" aria-labelledby="quality-title" data-testid="quality-panel" sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography id="quality-title" variant="subtitle1" component="h2" sx={{ flex: '1 1 auto' }}>
          {t('panel.title', { trial: trial.name })}
        </Typography>
        {trials.length > 1 && (
          <TextField
            select
            size="small"
            label={t('panel.pick')}
            value={trial.id}
            onChange={(e) => setPicked(e.target.value)}
            sx={{ minWidth: 160 }}
          >
            {trials.map((x) => (
              <MenuItem key={x.id} value={x.id}>
                {x.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {trial.status === 'error' && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {trialErrorText(trial)}
        </Alert>
      )}
      {trialWarnings(trial).length > 0 && (
        <Alert severity="warning" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          <WarningList trial={trial} />
        </Alert>
      )}
      {q ? (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, auto) 1fr' },
            columnGap: 2,
            rowGap: { xs: 0.25, sm: 1 },
            m: 0,
            typography: 'body2',
            '& dd': { mb: { xs: 1, sm: 0 } },
          }}
        >
          <Figures q={q} />
        </Box>
      ) : (
        trial.status === 'done' && (
          <Typography variant="body2" color="text.secondary">
            {t('panel.empty')}
          </Typography>
        )
      )}
    </Box>
  );
}
