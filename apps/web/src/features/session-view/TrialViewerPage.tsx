import { Alert, Box, Button, CircularProgress, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { ApiError, errorText } from '../../api/api-error';
import { Page } from '../../layout/PageTitle';
import { routePath } from '../../routing/route-names';
import { useTrial } from './api';
import { isViewable } from './trial-status';
import { ViewerPanel } from './viewer/ViewerPanel';

/** Legacy trial viewer (route parameter trial_id): the 3D view with videos of one trial. */
export default function TrialViewerPage() {
  const { t } = useTranslation('session');
  const { trial_id } = useParams();
  const query = useTrial(trial_id);
  if (query.error instanceof ApiError && query.error.status === 401)
    return <Navigate to={routePath('Login')} replace />;
  const trial = query.data;
  return (
    <Page title={trial ? t('viewer.trialTitle', { name: trial.name }) : t('viewer.trial')}>
      {query.isPending && (
        <Box
          sx={{ display: 'flex', justifyContent: 'center', p: 6 }}
          role="progressbar"
          aria-label={t('viewer.loadingTrial')}
        >
          <CircularProgress />
        </Box>
      )}
      {query.error && <Alert severity="error">{errorText(query.error)}</Alert>}
      {trial && (
        <>
          <Button component={RouterLink} to={routePath('Session', { id: trial.session })} sx={{ mb: 1 }}>
            {t('viewer.openSession')}
          </Button>
          <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
            {isViewable(trial) ? (
              <ViewerPanel trials={[trial]} />
            ) : (
              <Alert severity="info">{t('viewer.no3d')}</Alert>
            )}
          </Paper>
        </>
      )}
    </Page>
  );
}
