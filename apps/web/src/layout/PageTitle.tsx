import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A page's heading and body container; pages of later issues replace their placeholder content. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1280, mx: 'auto' }}>
      {/* Session names have no spaces to break at; a long one wraps instead of widening a phone's page. */}
      <Typography variant="h5" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
