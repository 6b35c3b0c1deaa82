import type { SxProps, Theme } from '@mui/material';

/**
 * A table's last cell (the row's '⋮' menu) stays at the right edge while a wide table scrolls sideways inside
 * its container on a phone, so the menu is always reachable (the page itself never scrolls sideways).
 */
export const stickyEndCell: SxProps<Theme> = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (t) => `-6px 0 6px -6px ${t.palette.grey[400]}`,
};

/** The scroll container of a table: sideways scrolling stays inside it. */
export const tableScroll: SxProps<Theme> = { overflowX: 'auto', maxWidth: '100%' };
