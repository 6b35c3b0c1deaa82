import type { ConnectionState } from './connection';
import { t } from './i18n';

/** The server names paired phones 'Camera N'; shown in the phone's language. */
export function cameraName(name: string): string {
  const m = /^Camera (\d+)$/.exec(name);
  return m ? t('cameraN', { n: Number(m[1]) }) : name;
}

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
  private readonly pill = el('span', 'pill connecting', t('connection.connecting'));
  private readonly name = el('span', 'device-name', t('camera'));
  private readonly session = el('span', 'session');
  private readonly state = el('div', 'state', t('startingCamera'));
  private readonly detail = el('div', 'detail');
  private readonly bar = el('div');
  private readonly progress = el('div', 'progress hidden');
  private readonly errorBox = el('div', 'error hidden');
  private timer: number | null = null;

  constructor(root: HTMLElement) {
    this.video.muted = true;
    this.video.playsInline = true;
    this.video.autoplay = true;
    this.video.setAttribute('aria-label', t('preview'));
    this.pill.setAttribute('role', 'status');
    this.state.setAttribute('aria-live', 'polite');
    this.progress.setAttribute('role', 'progressbar');
    this.progress.setAttribute('aria-label', t('uploadProgress'));
    this.progress.append(this.bar);
    const wrap = el('div', 'preview-wrap');
    const hint = el('div', 'frame-hint');
    hint.append(el('span', undefined, t('frameHint')));
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
    this.setState(t('states.ready'), t('details.mount'));
  }

  setConnection(s: ConnectionState): void {
    this.pill.className = `pill ${s}`;
    this.pill.textContent = t(`connection.${s}`);
  }

  setDevice(name: string, sessionId: string): void {
    this.name.textContent = cameraName(name);
    this.session.textContent = t('session', { id: sessionId.slice(0, 8) });
  }

  setState(state: string, detail = '', cls = '', keepProgress = false): void {
    this.state.className = `state ${cls}`.trim();
    this.state.textContent = state;
    this.detail.textContent = detail;
    if (!keepProgress) this.progress.classList.add('hidden');
  }

  setProgress(label: string, fraction: number): void {
    const pct = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
    this.setState(label, t('details.uploaded', { percent: pct }), '', true);
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
