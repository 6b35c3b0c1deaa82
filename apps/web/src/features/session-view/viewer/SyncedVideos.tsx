import { Alert, Box, FormControlLabel, Switch, Tooltip, Typography } from '@mui/material';
import type { Trial } from '@poselab/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisualizerTransforms } from '../../../viz/transforms';
import { OVERLAY_BONE_COLOR, OVERLAY_MARKER_COLOR, VideoOverlay } from '../../../viz/VideoOverlay';
import type { SyncedVideo } from './load-transforms';

type OverlayState = { kind: 'off' | 'loading' | 'ready' } | { kind: 'error'; message: string };

/**
 * The synced videos of the viewer's first trial, with the model overlay: a switch draws the model's bones and
 * markers into every video (a canvas over each <video>), reprojected with the calibration the trial used.
 */
export function SyncedVideos({
  trial,
  sessionTrials,
  videos,
  videoRefs,
  transforms,
}: {
  trial: Trial;
  sessionTrials: Trial[];
  videos: SyncedVideo[];
  videoRefs: RefObject<(HTMLVideoElement | null)[]>;
  /** The trial's transforms once the 3D view has them (the overlay poses the same frames). */
  transforms: VisualizerTransforms | null;
}) {
  const { t } = useTranslation('viewer');
  const { t: ts } = useTranslation('session');
  const canvases = useRef<(HTMLCanvasElement | null)[]>([]);
  const [on, setOn] = useState(false);
  const [state, setState] = useState<OverlayState>({ kind: 'off' });
  const [cameraKnown, setCameraKnown] = useState<boolean[]>([]);
  const overlay = useRef<VideoOverlay | null>(null);
  const sessionRef = useRef(sessionTrials);
  sessionRef.current = sessionTrials;

  // One overlay per trial and transforms, made the first time the switch is on.
  useEffect(() => {
    if (!on || !transforms || overlay.current) return;
    const abort = new AbortController();
    setState({ kind: 'loading' });
    import('./overlay-source')
      .then(async ({ loadOverlaySource, OverlayUnavailable }) => {
        try {
          return await loadOverlaySource(trial, sessionRef.current, transforms, abort.signal);
        } catch (err) {
          if (err instanceof OverlayUnavailable) throw new Error(t(`overlay.${err.reason}`), { cause: err });
          throw err;
        }
      })
      .then((source) => {
        if (abort.signal.aborted) return;
        const o = new VideoOverlay(source.skeleton, transforms);
        const known = videos.map((v) => Boolean(v.deviceId && source.cameras.has(v.deviceId)));
        o.attach(
          videos.flatMap((v, i) => {
            const video = videoRefs.current[i];
            const canvas = canvases.current[i];
            if (!video || !canvas) return [];
            return [{ video, canvas, camera: (v.deviceId && source.cameras.get(v.deviceId)) || null }];
          }),
        );
        overlay.current = o;
        setCameraKnown(known);
        setState({ kind: 'ready' });
      })
      .catch((err: Error) => {
        if (err.name === 'AbortError' || abort.signal.aborted) return;
        setState({ kind: 'error', message: err.message });
      });
    return () => abort.abort();
    // videos change identity on every poll; the trial id and transforms identify what is drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [on, trial.id, transforms]);

  useEffect(() => overlay.current?.setVisible(on), [on, state.kind]);

  // A new trial or new transforms: the next switch-on builds a new overlay.
  useEffect(
    () => () => {
      overlay.current?.dispose();
      overlay.current = null;
      setState((s) => (s.kind === 'off' ? s : { kind: 'off' }));
    },
    [trial.id, transforms],
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Tooltip title={t('overlay.toggleHint')}>
          <FormControlLabel
            control={
              <Switch
                checked={on}
                onChange={(e) => setOn(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'overlay-legend' } }}
              />
            }
            label={t('overlay.toggle')}
          />
        </Tooltip>
        {on && state.kind === 'ready' && (
          <Typography id="overlay-legend" variant="caption" color="text.secondary">
            <Legend color={OVERLAY_BONE_COLOR} /> {t('overlay.legendBones')}{' '}
            <Legend color={OVERLAY_MARKER_COLOR} round /> {t('overlay.legendMarkers')}
          </Typography>
        )}
        {on && state.kind === 'loading' && (
          <Typography variant="caption" color="text.secondary" role="status">
            {t('overlay.loading')}
          </Typography>
        )}
      </Box>
      {on && state.kind === 'error' && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('overlay.unavailable', { reason: state.message })}
        </Alert>
      )}
      <Box
        data-testid="synced-videos"
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: `repeat(${Math.min(videos.length, 4)}, minmax(0, 1fr))`,
          },
          gap: 1,
        }}
      >
        {videos.map((video, i) => (
          <Box key={video.id}>
            <Box sx={{ position: 'relative' }}>
              <video
                ref={(el) => {
                  videoRefs.current[i] = el;
                }}
                src={video.url}
                muted
                playsInline
                preload="auto"
                data-testid="synced-video"
                aria-label={ts('viewer.cameraVideo', { camera: ts('viewer.camera', { n: video.camera }) })}
                style={{ width: '100%', maxHeight: 260, background: '#000', display: 'block' }}
              />
              <canvas
                ref={(el) => {
                  canvases.current[i] = el;
                }}
                data-testid="video-overlay"
                aria-hidden="true"
                style={{
                  position: 'absolute',
                  inset: 0,
                  width: '100%',
                  height: '100%',
                  pointerEvents: 'none',
                  display: on ? 'block' : 'none',
                }}
              />
            </Box>
            {on && state.kind === 'ready' && cameraKnown[i] === false && (
              <Typography variant="caption" color="text.secondary">
                {t('overlay.noCamera')}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Legend({ color, round = false }: { color: string; round?: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        width: round ? 8 : 14,
        height: round ? 8 : 4,
        borderRadius: round ? '50%' : 1,
        bgcolor: color,
        border: '1px solid rgba(0,0,0,0.5)',
        verticalAlign: 'middle',
        mx: 0.5,
      }}
    />
  );
}
