import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { DashboardWidgetView, WidgetInput } from './widgets/types';

/** Creates a widget class on mount, feeds it every new input, disposes it on unmount. */
export function WidgetHost({
  create,
  input,
  height,
  testId,
}: {
  create: (root: HTMLElement) => DashboardWidgetView;
  input: WidgetInput;
  height?: number | Record<string, number>;
  testId: string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const view = useRef<DashboardWidgetView | null>(null);
  const latest = useRef(input);
  latest.current = input;
  useEffect(() => {
    if (!root.current) return;
    const v = create(root.current);
    view.current = v;
    v.update(latest.current);
    return () => {
      v.dispose();
      view.current = null;
    };
    // The class lives as long as the host; `create` is a constructor call, not data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    view.current?.update(input);
  }, [input]);
  return (
    <Box
      ref={root}
      data-testid={testId}
      sx={{ position: 'relative', minWidth: 0, ...(height ? { height } : {}) }}
    />
  );
}
