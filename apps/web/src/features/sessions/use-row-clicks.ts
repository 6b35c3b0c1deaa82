import { useRef } from 'react';
import { DOUBLE_CLICK_MS } from '@poselab/contract';

/**
 * SPEC §2: a single click selects a row; a second click on the same row within 300 ms opens it.
 * Returns the click handler for a row id.
 */
export function useRowClicks(
  onSelect: (id: string) => void,
  onOpen: (id: string) => void,
  now = () => Date.now(),
) {
  const last = useRef<{ id: string; at: number } | null>(null);
  return (id: string) => {
    const t = now();
    const prev = last.current;
    if (prev && prev.id === id && t - prev.at <= DOUBLE_CLICK_MS) {
      last.current = null;
      onOpen(id);
      return;
    }
    last.current = { id, at: t };
    onSelect(id);
  };
}
