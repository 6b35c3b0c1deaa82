import type { ConnectionState } from './connection';

const CONNECTION_LABELS: Record<ConnectionState, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  offline: 'Reconnecting…',
  unpaired: 'Not paired',
};

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  cls?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

/** The capture page's screen: preview with framing hint, connection pill, device name, state and progress. */
export class CaptureView {
  readonly video = el('video', 'preview');
  private readonly pill = el('span', 'pill connecting', CONNECTION_LABELS.connecting);
  private readonly name = el('span', 'device-name', 'Camera');
  private readonly session = el('span', 'session');
  private readonly state = el('div', 'state', 'Starting camera…');
  private readonly detail = el('div', 'detail');
  private readonly bar = el('div');
  private readonly progress = el('div', 'progress hidden');
  private readonly errorBox = el('div', 'error hidden');
  private timer: number | null = null;

  constructor(root: HTMLElement) {
    this.video.muted = true;
    this.video.playsInline = true;
    this.video.autoplay = true;
    this.video.setAttribute('aria-label', 'Camera preview');
    this.pill.setAttribute('role', 'status');
    this.state.setAttribute('aria-live', 'polite');
    this.progress.setAttribute('role', 'progressbar');
    this.progress.setAttribute('aria-label', 'Upload progress');
    this.progress.append(this.bar);
    const wrap = el('div', 'preview-wrap');
    const hint = el('div', 'frame-hint');
    hint.append(el('span', undefined, 'Keep the whole person in view, head to feet'));
    const top = el('div', 'top');
    top.append(this.pill, this.name, this.session);
    wrap.append(this.video, hint, top);
    const bottom = el('div', 'bottom');
    bottom.append(this.state, this.detail, this.progress, this.errorBox);
    root.replaceChildren(wrap, bottom);
  }

  showStream(stream: MediaStream): void {
    this.video.srcObject = stream;
    void this.video.play().catch(() => undefined);
    this.setState('Ready', 'Mount the phone on a tripod and wait for the researcher.');
  }

  setConnection(s: ConnectionState): void {
    this.pill.className = `pill ${s}`;
    this.pill.textContent = CONNECTION_LABELS[s];
  }

  setDevice(name: string, sessionId: string): void {
    this.name.textContent = name;
    this.session.textContent = `Session ${sessionId.slice(0, 8)}`;
  }

  setState(state: string, detail = '', cls = ''): void {
    this.state.className = `state ${cls}`.trim();
    this.state.textContent = state;
    this.detail.textContent = detail;
    if (state !== 'Uploading') this.progress.classList.add('hidden');
  }

  setProgress(label: string, fraction: number): void {
    const pct = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
    this.setState(label, `${pct}% uploaded — keep this page open`);
    this.progress.classList.remove('hidden');
    this.progress.setAttribute('aria-valuenow', String(pct));
    this.bar.style.width = `${pct}%`;
  }

  startTimer(label: string): void {
    const started = Date.now();
    const tick = () => {
      const s = Math.floor((Date.now() - started) / 1000);
      this.setState(
        label,
        `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`,
        'recording',
      );
    };
    tick();
    this.timer = window.setInterval(tick, 500);
  }

  stopTimer(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  error(message: string | null): void {
    this.errorBox.textContent = message ?? '';
    this.errorBox.classList.toggle('hidden', !message);
  }
}
