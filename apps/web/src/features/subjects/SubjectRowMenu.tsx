import { useTranslation } from 'react-i18next';
import type { Subject } from '@poselab/contract';
import { RowActionsMenu, type RowAction } from '../../layout/RowActionsMenu';

export type SubjectMenuAction = 'edit' | 'trash' | 'restore' | 'remove' | 'download' | 'archive' | 'share';

/**
 * SPEC §2 per-subject menu: Edit (not trashed), Trash, Restore, Delete permanently, and Download data (old)
 * only when sync download is allowed and the subject is not trashed; plus the async Download data (issue 18).
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
  const { t } = useTranslation('subjects');
  const archive = useTranslation('archive').t;
  const { t: tShare } = useTranslation('dashboard');
  const actions: RowAction<SubjectMenuAction>[] = subject.trashed
    ? [
        { action: 'restore', label: t('menu.restore') },
        { action: 'remove', label: t('menu.remove') },
      ]
    : [
        { action: 'edit', label: t('menu.edit') },
        { action: 'share', label: tShare('subjectShare.menu') },
        { action: 'trash', label: t('menu.trash') },
        { action: 'remove', label: t('menu.remove') },
        { action: 'archive', label: archive('menu.download') },
        ...(allowSyncDownload ? [{ action: 'download' as const, label: t('menu.download') }] : []),
      ];
  return (
    <RowActionsMenu
      label={t('menu.label', { name: subject.name })}
      actions={actions}
      onPick={(a) => onAction(a, subject)}
    />
  );
}
