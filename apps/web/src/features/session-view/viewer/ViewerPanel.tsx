import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import type { Trial } from '@poselab/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/api-error';
import { i18n } from '../../../i18n';
import { Visualizer, type VisualizerState } from '../../../viz/Visualizer';
import type { VisualizerTransforms } from '../../../viz/transforms';
import { loadTransforms, syncedVideos } from './load-transforms';
import { PlaybackControls } from './PlaybackControls';
import { SyncedVideos } from './SyncedVideos';

/** SPEC §9: the visualizer starts playback 1.2 s after loading. */
export const AUTOPLAY_DELAY_MS = 1200;

const geometryBaseUrl = (import.meta.env.VITE_GEOMETRY_URL as string | undefined) || undefined;

/** '?quality=high' or '?quality=low' overrides the automatic choice (benchmarks compare both). */
function requestedQuality(): 'high' | 'low' | 'auto' {
  const q = new URLSearchParams(window.location.search).get('quality');
  return q === 'high' || q === 'low' ? q : 'auto';
}

/**
 * 3D skeletons of the given trials with the first trial's synced videos. The Visualizer instance owns the
 * scene and frame loop; this component only feeds it data and shows its state (about 10 updates a second).
 * `sessionTrials` (the whole session) let the video overlay find the calibration of older trials. The analysis
 * dashboards pass their trial colours (so a trial has one colour in 3D, charts and report) and their per-trial
 * time offsets (s).
 */
export function ViewerPanel({
  trials,
  sessionTrials = trials,
  colors,
  timeOffsets,
}: {
  trials: Trial[];
  sessionTrials?: Trial[];
  colors?: readonly string[];
  timeOffsets?: readonly number[];
}) {
  const { t } = useTranslation('session');
  const holder = useRef<HTMLDivElement>(null);
  const videoRefs = useRef<(HTMLVideoElement | null)[]>([]);
  const [viz, setViz] = useState<Visualizer | null>(null);
  const [state, setState] = useState<VisualizerState>({ time: 0, duration: 0, playing: false, speed: 1 });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [firstTransforms, setFirstTransforms] = useState<VisualizerTransforms | null>(null);
  const trialKey = trials.map((t) => t.id).join(',');
  const videos = trials[0] ? syncedVideos(trials[0]) : [];
  const videoCount = useRef(0);
  videoCount.current = videos.length;
  const latest = useRef({ colors, timeOffsets });
  latest.current = { colors, timeOffsets };
  const offsetKey = (timeOffsets ?? []).join(',');

  useEffect(() => {
    if (!holder.current) return;
    let v: Visualizer;
    try {
      v = new Visualizer(holder.current, {
        geometryBaseUrl,
        quality: requestedQuality(),
        label: i18n.t('session:viewer.canvasLabel'),
      });
    } catch (err) {
      setError(i18n.t('session:viewer.webgl', { error: (err as Error).message }));
      return;
    }
    setViz(v);
    const unsubscribe = v.subscribe(setState);
    return () => {
      unsubscribe();
      v.dispose();
      setViz(null);
    };
  }, []);

  const canvasLabel = t('viewer.canvasLabel');
  useEffect(() => viz?.setLabel(canvasLabel), [viz, canvasLabel]);

  useEffect(() => {
    if (!viz) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLoading(true);
    setError(null);
    setFirstTransforms(null);
    viz.pause();
    viz.seek(0);
    Promise.all(trials.map((t) => loadTransforms(t, abort.signal)))
      .then((list) => {
        viz.setTrials(list, latest.current.colors);
        viz.setTimeOffsets(latest.current.timeOffsets ?? []);
        setFirstTransforms(list[0] ?? null);
        viz.setVideos(
          videoRefs.current.slice(0, videoCount.current).filter((x): x is HTMLVideoElement => x !== null),
        );
        setLoading(false);
        timer = setTimeout(() => {
          viz.setSpeed(1);
          viz.play();
        }, AUTOPLAY_DELAY_MS);
      })
      .catch((err: Error) => {
        if (err.name === 'AbortError') return;
        setLoading(false);
        setError(t('viewer.loadFailed', { error: errorText(err) }));
      });
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
    // trialKey captures the trial list; trials itself changes identity on every poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viz, trialKey]);

  // Offsets move trials in time without reloading them.
  useEffect(() => {
    viz?.setTimeOffsets(latest.current.timeOffsets ?? []);
  }, [viz, offsetKey]);

  return (
    <Box>
      <Box
        ref={holder}
        data-testid="visualizer"
        sx={{
          position: 'relative',
          height: { xs: 320, sm: 460 },
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.100',
        }}
      >
        {loading && !error && (
          <Box
            sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
            role="progressbar"
            aria-label={t('viewer.loading')}
          >
            <CircularProgress />
          </Box>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <PlaybackControls viz={viz} state={state} />
      {videos.length > 0 && trials[0] && (
        <SyncedVideos
          trial={trials[0]}
          sessionTrials={sessionTrials}
          videos={videos}
          videoRefs={videoRefs}
          transforms={firstTransforms}
        />
      )}
      {trials.length > 1 && (
        <Typography variant="caption" color="text.secondary">
          {t('viewer.sideBySide', { count: trials.length, name: trials[0].name })}
        </Typography>
      )}
    </Box>
  );
}
