import type { Trial } from '@poselab/contract';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/api-error';
import { toast } from '../../toast/toast';
import { useTrialActions } from './api';
import { AdvancedAnalysisDialog } from '../advanced-analysis/AdvancedAnalysisDialog';
import { ConfirmDialog, RenameTrialDialog, TagsDialog } from './dialogs';
import type { TrialAction } from './TrialList';
import { useTrialTagVocabulary } from './use-trial-tags';

/** The dialog of the trial menu entry chosen (rename, analysis, tags, trash, restore, delete). */
export function TrialActionDialogs({
  sessionId,
  trials,
  current,
  onClose,
}: {
  sessionId: string;
  trials: Trial[];
  current: { trial: Trial; action: TrialAction } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['session', 'common']);
  const actions = useTrialActions(sessionId);
  const vocabulary = useTrialTagVocabulary().data ?? [];
  if (!current) return null;
  const { trial, action } = current;
  const withToast = (p: Promise<unknown>, ok: string) =>
    p.then(
      () => toast.success(ok),
      (err: unknown) => {
        toast.error(errorText(err));
        throw err;
      },
    );
  switch (action) {
    case 'rename':
      return (
        <RenameTrialDialog
          open
          onClose={onClose}
          trial={trial}
          trials={trials}
          onRename={(name) => actions.rename.mutateAsync({ id: trial.id, name })}
        />
      );
    case 'tags':
      return (
        <TagsDialog
          open
          onClose={onClose}
          trial={trial}
          vocabulary={vocabulary}
          onApply={(tags) => actions.tags.mutateAsync({ id: trial.id, tags })}
        />
      );
    case 'analysis':
      return (
        <AdvancedAnalysisDialog open onClose={onClose} sessionId={sessionId} trial={trial} trials={trials} />
      );
    case 'trash':
      return (
        <ConfirmDialog
          open
          onClose={onClose}
          title={t('confirm.trashTitle')}
          text={t('confirm.trashText', { name: trial.name })}
          confirmLabel={t('common:actions.yes')}
          onConfirm={() =>
            withToast(actions.trash.mutateAsync(trial.id), t('confirm.trashed', { name: trial.name }))
          }
        />
      );
    case 'restore':
      return (
        <ConfirmDialog
          open
          onClose={onClose}
          title={t('confirm.restoreTitle')}
          text={t('confirm.restoreText', { name: trial.name })}
          confirmLabel={t('common:actions.yes')}
          onConfirm={() =>
            withToast(actions.restore.mutateAsync(trial.id), t('confirm.restored', { name: trial.name }))
          }
        />
      );
    case 'delete':
      return (
        <ConfirmDialog
          open
          danger
          onClose={onClose}
          title={t('confirm.deleteTitle')}
          text={t('confirm.deleteText', { name: trial.name })}
          confirmLabel={t('common:actions.yes')}
          onConfirm={() =>
            withToast(actions.remove.mutateAsync(trial.id), t('confirm.deleted', { name: trial.name }))
          }
        />
      );
  }
}
