import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import type { Subject } from '@poselab/contract';

export type SubjectMenuAction = 'edit' | 'trash' | 'restore' | 'remove' | 'download';

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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (a: SubjectMenuAction) => {
    setAnchor(null);
    onAction(a, subject);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for subject ${subject.name}`}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
      >
        {!subject.trashed ? <MenuItem onClick={() => pick('edit')}>Edit</MenuItem> : null}
        {!subject.trashed ? <MenuItem onClick={() => pick('trash')}>Trash</MenuItem> : null}
        {subject.trashed ? <MenuItem onClick={() => pick('restore')}>Restore</MenuItem> : null}
        <MenuItem onClick={() => pick('remove')}>Delete permanently</MenuItem>
        {allowSyncDownload && !subject.trashed ? (
          <MenuItem onClick={() => pick('download')}>Download data (old)</MenuItem>
        ) : null}
      </Menu>
    </>
  );
}
