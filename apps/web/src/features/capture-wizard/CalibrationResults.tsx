import { Alert, Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import type { CalibrationCameraReport, CalibrationReport } from '@poselab/contract';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../../i18n/contract-messages';
import { deviceName } from './api';
import { formatNumber, issueText, type CalibrationView } from './calibration-result';

/**
 * The Calibration step's result before Confirm: each camera's calibration image (corners and world axes,
 * drawn by the worker) with its figures, or the reasons it was refused, and a button to re-record it.
 */
export function CalibrationResults({
  view,
  busy,
  onRecordOne,
}: {
  view: CalibrationView;
  busy: boolean;
  /** Re-record one camera (offered when at least one other camera is calibrated). */
  onRecordOne: (deviceId: string) => void;
}) {
  const { t, i18n } = useTranslation('calibration');
  const report = view.report;
  if (!report)
    return (
      <Alert severity={view.error ? 'error' : 'info'} sx={{ mt: 2 }}>
        {view.error ? localizeMessage(view.error) : t('results.noReport')}
      </Alert>
    );
  const calibrated = report.cameras.filter((c) => c.ok);
  const refused = report.cameras.length - calibrated.length;
  return (
    <Box component="section" aria-labelledby="calibration-result-title" sx={{ mt: 3 }}>
      <Typography id="calibration-result-title" variant="h6" component="h2" gutterBottom>
        {t('results.title')}
      </Typography>
      {report.ok ? (
        <Alert severity={refused ? 'warning' : 'success'} sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('results.agree', { count: report.n_calibrated })}
          </Typography>
          {t('results.check')}
          {refused ? <Box sx={{ mt: 0.5 }}>{t('results.leftOut', { count: refused })}</Box> : null}
          {calibrated.some((c) => !c.kept && c.agreement_m === null) ? (
            <Box sx={{ mt: 0.5 }}>{t('results.agreementHint')}</Box>
          ) : null}
        </Alert>
      ) : (
        <Alert severity="error" sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('results.refused')}
          </Typography>
          {report.issues.map((issue, i) => (
            <Box key={i} sx={{ mt: 0.5 }}>
              {sentence(issueText(t, i18n.language, issue))}
            </Box>
          ))}
        </Alert>
      )}
      {report.timing === 'unchecked' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('results.timingUnchecked')}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
        }}
      >
        {report.cameras.map((c) => (
          <CameraCard
            key={c.device_id}
            camera={c}
            report={report}
            image={view.images[c.device_id]}
            canRecordOne={report.cameras.some((o) => o.ok && o.device_id !== c.device_id)}
            busy={busy}
            onRecordOne={() => onRecordOne(c.device_id)}
          />
        ))}
      </Box>
    </Box>
  );
}

/** A message as a sentence: capital first letter, full stop. */
const sentence = (s: string) => {
  const t = s.trim();
  if (!t) return t;
  const c = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(c) ? c : `${c}.`;
};

function CameraCard({
  camera: c,
  report,
  image,
  canRecordOne,
  busy,
  onRecordOne,
}: {
  camera: CalibrationCameraReport;
  report: CalibrationReport;
  image: string | undefined;
  /** Another camera is calibrated: this one can be re-recorded through it. */
  canRecordOne: boolean;
  busy: boolean;
  onRecordOne: () => void;
}) {
  const { t, i18n } = useTranslation('calibration');
  const lang = i18n.language;
  const title = t('results.camera', { number: c.number });
  // Phones are named 'Camera N' (in the UI language) unless renamed: no need to say it twice.
  const name = deviceName(c.device_name);
  const status = c.kept ? 'kept' : c.ok ? 'ok' : 'refused';
  const fmt = (v: number, digits: number) => formatNumber(lang, v, digits);
  const figures: Array<[string, string]> = [];
  if (c.ok) {
    if (c.reprojection_error_px !== null)
      figures.push([
        t('results.figures.reprojection'),
        t('results.figures.px', { value: fmt(c.reprojection_error_px, 2) }),
      ]);
    if (c.height_m !== null)
      figures.push([
        t(
          report.height_reference === 'floor' ? 'results.figures.heightFloor' : 'results.figures.heightBoard',
        ),
        t('results.figures.m', { value: fmt(c.height_m, 2) }),
      ]);
    if (c.distance_to_board_m !== null)
      figures.push([
        t('results.figures.distance'),
        t('results.figures.m', { value: fmt(c.distance_to_board_m, 2) }),
      ]);
    if (!c.kept)
      figures.push([
        t('results.figures.agreement'),
        c.agreement_m === null
          ? t('results.figures.agreementNone')
          : t('results.figures.cm', { value: fmt(c.agreement_m * 100, 1) }),
      ]);
  }
  figures.push([
    t('results.figures.boardSeen'),
    t('results.figures.boardSeenValue', { seen: c.frames_with_board, searched: c.frames_searched }),
  ]);
  if (c.intrinsics_source)
    figures.push([t('results.figures.lens'), t(`results.lens.${c.intrinsics_source}`)]);
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={name.toLowerCase() === title.toLowerCase() ? title : `${title} · ${name}`}
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
          {name.toLowerCase() === title.toLowerCase() ? '' : name}
        </Typography>
        <Chip
          size="small"
          label={t(`results.status.${status}`)}
          color={status === 'refused' ? 'error' : status === 'kept' ? 'default' : 'success'}
          variant={status === 'kept' ? 'outlined' : 'filled'}
        />
      </Stack>
      {image ? (
        <Link
          href={image}
          target="_blank"
          rel="noopener"
          aria-label={t('results.openImage', { number: c.number })}
        >
          <Box
            component="img"
            src={image}
            alt={t('results.imageAlt', { number: c.number, name })}
            sx={{ width: '100%', maxHeight: 360, objectFit: 'contain', bgcolor: 'grey.900', borderRadius: 1 }}
          />
        </Link>
      ) : (
        <Box
          sx={{
            height: 120,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            borderRadius: 1,
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {c.kept ? t('results.kept') : t('results.noImage')}
          </Typography>
        </Box>
      )}
      {c.issues.map((issue, i) => (
        <Alert key={i} severity="error" sx={{ py: 0 }}>
          {sentence(issueText(t, lang, issue))}
        </Alert>
      ))}
      <Box
        component="dl"
        aria-label={t('results.figures.label', { number: c.number })}
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          columnGap: 1.5,
          rowGap: 0.25,
        }}
      >
        {figures.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {!c.kept && canRecordOne ? (
        <Button
          variant="outlined"
          size="small"
          onClick={onRecordOne}
          disabled={busy}
          title={t('results.recordOneHint')}
          sx={{ mt: 'auto', alignSelf: 'flex-start' }}
        >
          {t('results.recordOne', { number: c.number })}
        </Button>
      ) : null}
    </Paper>
  );
}
