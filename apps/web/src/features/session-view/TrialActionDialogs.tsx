import type { Trial } from '@poselab/contract';
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
          title="Trash trial"
          text={`Move trial ${trial.name} to the recycle bin? It can be restored for 30 days.`}
          confirmLabel="Yes"
          onConfirm={() =>
            withToast(actions.trash.mutateAsync(trial.id), `Trial ${trial.name} moved to the recycle bin.`)
          }
        />
      );
    case 'restore':
      return (
        <ConfirmDialog
          open
          onClose={onClose}
          title="Restore trial"
          text={`Restore trial ${trial.name}?`}
          confirmLabel="Yes"
          onConfirm={() => withToast(actions.restore.mutateAsync(trial.id), `Trial ${trial.name} restored.`)}
        />
      );
    case 'delete':
      return (
        <ConfirmDialog
          open
          danger
          onClose={onClose}
          title="Delete trial"
          text={`Delete trial ${trial.name} permanently? This cannot be undone.`}
          confirmLabel="Yes"
          onConfirm={() => withToast(actions.remove.mutateAsync(trial.id), `Trial ${trial.name} deleted.`)}
        />
      );
  }
}
