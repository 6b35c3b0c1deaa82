import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';

export interface RowAction<A extends string> {
  action: A;
  label: string;
}

/**
 * The '⋮' menu of a table row. Clicks stay inside it, so opening the menu neither selects nor (on a double
 * click) opens the row.
 */
export function RowActionsMenu<A extends string>({
  label,
  actions,
  onPick,
}: {
  /** Accessible name of the button, e.g. 'Actions for session <id>'. */
  label: string;
  actions: RowAction<A>[];
  onPick: (action: A) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
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
        {actions.map((a) => (
          <MenuItem
            key={a.action}
            onClick={() => {
              setAnchor(null);
              onPick(a.action);
            }}
          >
            {a.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
