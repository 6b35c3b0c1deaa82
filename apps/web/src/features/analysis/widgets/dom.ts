/** Small DOM helpers for the widget classes. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: Partial<CSSStyleDeclaration> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node.style, style);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A short line in the trial's colour and dash, as in the charts and the report. */
export function swatch(color: string, dash: readonly number[]): HTMLElement {
  const s = el('span', {
    display: 'inline-block',
    width: '18px',
    height: '0',
    borderTop: `3px ${dash.length ? 'dashed' : 'solid'} ${color}`,
    marginRight: '6px',
    verticalAlign: 'middle',
    flex: '0 0 auto',
  });
  s.setAttribute('aria-hidden', 'true');
  return s;
}

/** The row layout the value widgets share: swatch and trial name, then the value, then (optionally) a bar. */
export function trialRow(color: string, dash: readonly number[], label: string): HTMLElement {
  const row = el('div', {
    display: 'grid',
    gridTemplateColumns: 'minmax(90px, 1.2fr) minmax(84px, 1fr) minmax(90px, 2fr)',
    alignItems: 'center',
    gap: '8px',
    fontSize: '0.875rem',
    padding: '2px 0',
  });
  const name = el('div', { display: 'flex', alignItems: 'center', minWidth: '0' });
  name.append(
    swatch(color, dash),
    el('span', { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }, label),
  );
  row.append(name);
  return row;
}

export function blockTitle(text: string, aside?: string): HTMLElement {
  const head = el('div', {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: '4px 12px',
    marginTop: '10px',
  });
  head.append(el('strong', { fontSize: '0.9rem' }, text));
  if (aside) head.append(el('span', { fontSize: '0.75rem', color: '#5f6b76' }, aside));
  return head;
}
