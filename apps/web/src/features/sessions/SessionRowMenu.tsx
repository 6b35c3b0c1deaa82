import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import type { SessionSummary } from '@poselab/contract';

export type SessionMenuAction = 'load' | 'dashboard' | 'rename' | 'trash' | 'restore';

/** SPEC §2 row menu: Load session, Dashboard kinematics, Rename, Trash (non-trashed), Restore (trashed). */
export function SessionRowMenu({
  session,
  onAction,
}: {
  session: SessionSummary;
  onAction: (action: SessionMenuAction, session: SessionSummary) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: SessionMenuAction) => {
    setAnchor(null);
    onAction(action, session);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for session ${session.id}`}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
        onDoubleClick={(e) => e.stopPropagation()}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
      >
        <MenuItem onClick={() => pick('load')}>Load session</MenuItem>
        <MenuItem onClick={() => pick('dashboard')}>Dashboard kinematics</MenuItem>
        <MenuItem onClick={() => pick('rename')}>Rename</MenuItem>
        {session.trashed ? (
          <MenuItem onClick={() => pick('restore')}>Restore</MenuItem>
        ) : (
          <MenuItem onClick={() => pick('trash')}>Trash</MenuItem>
        )}
      </Menu>
    </>
  );
}
