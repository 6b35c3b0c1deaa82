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
  const actions: RowAction<SessionMenuAction>[] = [
    { action: 'load', label: 'Load session' },
    { action: 'dashboard', label: 'Dashboard kinematics' },
    { action: 'rename', label: 'Rename' },
    session.trashed ? { action: 'restore', label: 'Restore' } : { action: 'trash', label: 'Trash' },
  ];
  return (
    <RowActionsMenu
      label={`Actions for session ${session.id}`}
      actions={actions}
      onPick={(a) => onAction(a, session)}
    />
  );
}
