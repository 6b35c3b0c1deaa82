import type { Subject } from '@poselab/contract';
import { useTranslation } from 'react-i18next';
import { RowActionsMenu, type RowAction } from '../../layout/RowActionsMenu';

export type SubjectMenuAction = 'edit' | 'trash' | 'restore' | 'remove' | 'download' | 'share';

/**
 * SPEC §2 per-subject menu: Edit (not trashed), Trash, Restore, Delete permanently, and Download data (old)
 * only when sync download is allowed and the subject is not trashed.
 */
export function SubjectRowMenu({
  subject,
  allowSyncDownload,
  onAction,
}: {
  subject: Subject;
  allowSyncDownload: boolean;
  onAction: (action: SubjectMenuAction, subject: Subject) => void;
}) {
  const { t } = useTranslation('dashboard');
  const actions: RowAction<SubjectMenuAction>[] = subject.trashed
    ? [
        { action: 'restore', label: 'Restore' },
        { action: 'remove', label: 'Delete permanently' },
      ]
    : [
        { action: 'edit', label: 'Edit' },
        { action: 'share', label: t('subjectShare.menu') },
        { action: 'trash', label: 'Trash' },
        { action: 'remove', label: 'Delete permanently' },
        ...(allowSyncDownload ? [{ action: 'download' as const, label: 'Download data (old)' }] : []),
      ];
  return (
    <RowActionsMenu
      label={`Actions for subject ${subject.name}`}
      actions={actions}
      onPick={(a) => onAction(a, subject)}
    />
  );
}
