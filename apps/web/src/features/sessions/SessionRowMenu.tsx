import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '@poselab/contract';
import { RowActionsMenu, type RowAction } from '../../layout/RowActionsMenu';

export type SessionMenuAction = 'load' | 'dashboard' | 'rename' | 'trash' | 'restore';

/** SPEC §2 row menu: Load session, Dashboard kinematics, Rename, Trash (non-trashed), Restore (trashed). */
export function SessionRowMenu({
  session,
  onAction,
}: {
  session: SessionSummary;
  onAction: (action: SessionMenuAction, session: SessionSummary) => void;
}) {
  const { t } = useTranslation('sessions');
  const actions: RowAction<SessionMenuAction>[] = [
    { action: 'load', label: t('menu.load') },
    { action: 'dashboard', label: t('menu.dashboard') },
    { action: 'rename', label: t('menu.rename') },
    session.trashed
      ? { action: 'restore', label: t('menu.restore') }
      : { action: 'trash', label: t('menu.trash') },
  ];
  return (
    <RowActionsMenu
      label={t('menu.label', { id: session.id })}
      actions={actions}
      onPick={(a) => onAction(a, session)}
    />
  );
}
