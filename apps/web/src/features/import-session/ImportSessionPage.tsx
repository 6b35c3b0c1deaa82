import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { ALPHA_DASH_CUSTOM, IMPORT_MAX_CAMERAS, IMPORT_MESSAGES, type Subject } from '@poselab/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../api/api-error';
import { localizeMessage } from '../../i18n/contract-messages';
import { formatDate } from '../../i18n/format';
import { Page } from '../../layout/PageTitle';
import { routePath } from '../../routing/route-names';
import { captureApi, type CaptureStatusReply } from '../capture-wizard/api';
import { DataSharingCard } from '../capture-wizard/DataSharingCard';
import { ImportCalibration } from '../capture-wizard/ImportCalibration';
import { validateNeutral, DEFAULT_ADVANCED, type NeutralForm } from '../capture-wizard/neutral-form';
import { SessionInfoCard } from '../capture-wizard/SessionInfoCard';
import { Card } from '../capture-wizard/WizardParts';
import { useSessionPage } from '../sessions/api';
import { importApi } from './api';
import type { ImportCamera } from './CameraFiles';
import { ImportTrialUpload } from './ImportTrialUpload';

const STEPS = ['cameras', 'calibration', 'neutral', 'trials'] as const;
type CalibrationSource = 'file' | 'reuse' | 'videos';

/** 'New session from video files' (issue #28): cameras → calibration → neutral → trials, then the session. */
export default function ImportSessionPage() {
  const { t } = useTranslation(['import', 'common']);
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [nCameras, setNCameras] = useState('2');
  const [session, setSession] = useState<{ id: string; cameras: ImportCamera[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const create = async () => {
    const n = Number(nCameras);
    if (!Number.isInteger(n) || n < 2) {
      setError(localizeMessage(IMPORT_MESSAGES.tooFewCameras(Number.isInteger(n) ? Math.max(0, n) : 0)));
      return;
    }
    setCreating(true);
    setError(null);
    try {
      const res = await importApi.createSession(n);
      setSession({ id: res.session.id, cameras: res.cameras });
      setStep(1);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setCreating(false);
    }
  };

  return (
    <Page title={t('title')}>
      <Stepper
        activeStep={step}
        alternativeLabel
        sx={{ mb: 3, '& .MuiStepLabel-label': { display: { xs: 'none', sm: 'block' } } }}
      >
        {STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="h6" component="h2" sx={{ display: { xs: 'block', sm: 'none' }, mb: 2 }}>
        {t('stepOf', { n: step + 1, total: STEPS.length, name: t(`steps.${STEPS[step]}`) })}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {step === 0 || !session ? (
        <Card title={t('cameras.title')}>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('cameras.help')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label={t('cameras.count')}
              type="number"
              value={nCameras}
              onChange={(e) => setNCameras(e.target.value)}
              slotProps={{ htmlInput: { min: 1, max: IMPORT_MAX_CAMERAS } }}
              sx={{ width: { xs: '100%', sm: 200 } }}
            />
            <Button variant="contained" disabled={creating} onClick={() => void create()}>
              {t('cameras.create')}
            </Button>
          </Stack>
        </Card>
      ) : step === 1 ? (
        <CalibrationStep session={session} onDone={() => setStep(2)} />
      ) : step === 2 ? (
        <NeutralStep session={session} onDone={() => setStep(3)} />
      ) : (
        <TrialsStep session={session} onOpen={() => navigate(routePath('Session', { id: session.id }))} />
      )}
    </Page>
  );
}

function CalibrationStep({
  session,
  onDone,
}: {
  session: { id: string; cameras: ImportCamera[] };
  onDone: () => void;
}) {
  const { t } = useTranslation(['import', 'wizard']);
  const [source, setSource] = useState<CalibrationSource>('file');
  const [fromId, setFromId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [board, setBoard] = useState({ rows: '4', cols: '5', square: '35' });
  const sessions = useSessionPage(
    { start: 0, include_trashed: false, sort: 'created_at', sort_desc: true },
    source === 'reuse',
  );
  const reuse = async () => {
    setError(null);
    try {
      await importApi.reuseCalibration(session.id, fromId);
      onDone();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const finished = (st: CaptureStatusReply) => {
    if (st.status === 'done') onDone();
    else setError(localizeMessage(st.message ?? t('processing.failed')));
  };
  return (
    <Card title={t('calibration.title')}>
      <RadioGroup
        value={source}
        onChange={(e) => setSource(e.target.value as CalibrationSource)}
        aria-label={t('calibration.title')}
      >
        <FormControlLabel value="file" control={<Radio />} label={t('calibration.file')} />
        <FormControlLabel value="reuse" control={<Radio />} label={t('calibration.reuse')} />
        <FormControlLabel value="videos" control={<Radio />} label={t('calibration.videos')} />
      </RadioGroup>
      {error ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Box sx={{ mt: 2 }}>
        {source === 'file' ? (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('calibration.fileHelp')}
            </Typography>
            <ImportCalibration sessionId={session.id} onImported={() => onDone()} />
          </>
        ) : source === 'reuse' ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormControl sx={{ minWidth: 240 }}>
              <InputLabel id="reuse-session">{t('calibration.session')}</InputLabel>
              <Select
                labelId="reuse-session"
                label={t('calibration.session')}
                value={fromId}
                onChange={(e) => setFromId(e.target.value)}
              >
                {(sessions.data?.sessions ?? [])
                  .filter((s) => s.id !== session.id)
                  .map((s) => (
                    <MenuItem key={s.id} value={s.id}>
                      {s.name ?? s.id.slice(0, 8)} · {formatDate(s.created_at)}
                    </MenuItem>
                  ))}
              </Select>
            </FormControl>
            <Button variant="contained" disabled={!fromId} onClick={() => void reuse()}>
              {t('calibration.reuseButton')}
            </Button>
          </Stack>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('calibration.videosHelp')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <TextField
                label={t('wizard:calibration.rows')}
                value={board.rows}
                onChange={(e) => setBoard({ ...board, rows: e.target.value })}
              />
              <TextField
                label={t('wizard:calibration.columns')}
                value={board.cols}
                onChange={(e) => setBoard({ ...board, cols: e.target.value })}
              />
              <TextField
                label={t('wizard:calibration.square')}
                value={board.square}
                onChange={(e) => setBoard({ ...board, square: e.target.value })}
              />
            </Stack>
            <ImportTrialUpload
              sessionId={session.id}
              cameras={session.cameras}
              trialName="calibration"
              caption={t('calibration.upload')}
              beforeStart={async () => {
                await captureApi.setMetadata(session.id, {
                  cb_rows: Number(board.rows),
                  cb_cols: Number(board.cols),
                  cb_square: Number(board.square),
                });
              }}
              onFinished={finished}
            />
          </>
        )}
      </Box>
    </Card>
  );
}

function NeutralStep({
  session,
  onDone,
}: {
  session: { id: string; cameras: ImportCamera[] };
  onDone: () => void;
}) {
  const { t } = useTranslation('import');
  const [form, setForm] = useState<NeutralForm>({
    subject: null,
    sessionName: '',
    dataSharing: '',
    agreed: false,
    advanced: DEFAULT_ADVANCED,
  });
  const [error, setError] = useState<string | null>(null);
  const errors = validateNeutral(form);
  const s = form.subject;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <SessionInfoCard
        sessionId={session.id}
        preselectId={null}
        subject={form.subject}
        onSubject={(subject: Subject | null) => setForm((f) => ({ ...f, subject }))}
        sessionName={form.sessionName}
        onSessionName={(sessionName) => setForm((f) => ({ ...f, sessionName }))}
        errors={errors}
      />
      <DataSharingCard
        value={form.dataSharing}
        onChange={(dataSharing) => setForm((f) => ({ ...f, dataSharing }))}
        agreed={form.agreed}
        onAgreed={(agreed) => setForm((f) => ({ ...f, agreed }))}
        errors={errors}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Card title={t('neutral.title')}>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('neutral.help')}
          </Typography>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <ImportTrialUpload
            sessionId={session.id}
            cameras={session.cameras}
            trialName="neutral"
            caption={t('neutral.upload')}
            subject={
              s
                ? {
                    subject_id: s.id,
                    subject_mass: s.weight,
                    subject_height: s.height,
                    subject_sex: s.sex_at_birth ?? undefined,
                    subject_gender: s.gender ?? undefined,
                    subject_data_sharing: form.dataSharing || undefined,
                  }
                : undefined
            }
            beforeStart={async () => {
              if (Object.keys(errors).length || !s)
                throw new Error(Object.values(errors)[0] ?? t('neutral.subjectMissing'));
              await captureApi.setMetadata(session.id, {
                settings_data_sharing: form.dataSharing || undefined,
                settings_session_name: form.sessionName || undefined,
              });
              await captureApi.setSubject(session.id, s.id);
            }}
            onFinished={(st) =>
              st.status === 'done'
                ? onDone()
                : setError(localizeMessage(st.message ?? t('processing.failed')))
            }
          />
        </Card>
      </Box>
    </Box>
  );
}

function TrialsStep({
  session,
  onOpen,
}: {
  session: { id: string; cameras: ImportCamera[] };
  onOpen: () => void;
}) {
  const { t } = useTranslation('import');
  const [name, setName] = useState('');
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<Array<{ name: string; ok: boolean; message: string | null }>>([]);
  const nameError = name && !ALPHA_DASH_CUSTOM.test(name) ? t('trials.nameRule') : null;
  return (
    <Card title={t('trials.title')}>
      <TextField
        label={t('trials.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(nameError)}
        helperText={nameError ?? t('trials.nameHelp')}
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      />
      <ImportTrialUpload
        key={round}
        sessionId={session.id}
        cameras={session.cameras}
        trialName={nameError ? '' : name}
        caption={t('trials.upload')}
        onFinished={(st) => {
          setDone((d) => [...d, { name, ok: st.status === 'done', message: st.message }]);
          setName('');
          setRound((r) => r + 1);
        }}
      />
      {done.map((d, i) => (
        <Alert key={i} severity={d.ok ? 'success' : 'error'} sx={{ mt: 2 }}>
          {d.ok
            ? t('trials.done', { name: d.name })
            : `${d.name}: ${localizeMessage(d.message ?? t('processing.failed'))}`}
        </Alert>
      ))}
      <Stack direction="row" sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={onOpen}>
          {t('trials.open')}
        </Button>
      </Stack>
    </Card>
  );
}
