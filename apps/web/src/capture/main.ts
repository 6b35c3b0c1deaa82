import type { ServerToPhone } from '@poselab/contract';
import './capture.css';
import { PhoneConnection, type ConnectionState } from './connection';
import { describeCameraError, openCamera, supportedFramerates } from './media';
import { deviceStore, pendingStore, type StoredDevice } from './pending-store';
import { TrialRecorder } from './recorder';
import { localizeMessage, t } from './i18n';
import { CaptureView } from './view';
import { uploadRecording, UploadGone, UploadRefused } from './uploader';

/**
 * The phone capture page (opened from the QR code): pairs with the secret in the URL fragment, keeps the
 * camera preview and a WebSocket open, records on command and uploads what it recorded.
 */
class CapturePage {
  private readonly view = new CaptureView(document.getElementById('capture-root')!);
  private device: StoredDevice | null = null;
  private connection: PhoneConnection | null = null;
  private stream: MediaStream | null = null;
  private framerate = 60;
  private recorder: TrialRecorder | null = null;
  private recordingTrial: string | null = null;
  private autoStopTimer: number | null = null;
  private uploads = new Map<string, AbortController>();
  private wakeLock: { release(): Promise<void> } | null = null;

  async boot(): Promise<void> {
    const match = /^\/capture\/([^/]+)/.exec(location.pathname);
    const urlSession = match ? decodeURIComponent(match[1]) : null;
    const secret = location.hash.slice(1) || null;
    const stored = deviceStore.get();
    this.framerate = 60;
    try {
      await this.startCamera();
    } catch (err) {
      this.view.error(describeCameraError(err));
      return;
    }
    if (secret && urlSession && stored?.sessionId !== urlSession) {
      if (!(await this.pair(urlSession, secret))) return;
    } else if (stored) {
      this.device = stored;
    } else if (secret && urlSession) {
      if (!(await this.pair(urlSession, secret))) return;
    } else {
      this.view.setConnection('unpaired');
      this.view.error(t('errors.scan'));
      return;
    }
    // The secret has done its job: keep it out of the history and of screenshots.
    if (location.hash) history.replaceState(null, '', location.pathname);
    this.connect();
    void this.keepAwake();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void this.keepAwake();
    });
    void this.resumePendingUploads();
  }

  private async startCamera(): Promise<void> {
    this.stream?.getTracks().forEach((t) => t.stop());
    this.stream = await openCamera(this.framerate);
    this.view.showStream(this.stream);
  }

  private capabilities() {
    const track = this.stream?.getVideoTracks()[0];
    const caps = (track?.getCapabilities?.() ?? {}) as { frameRate?: { max?: number } };
    const s = track?.getSettings() ?? {};
    return {
      framerates: supportedFramerates(caps.frameRate?.max),
      width: s.width ?? 0,
      height: s.height ?? 0,
    };
  }

  private async pair(sessionId: string, secret: string): Promise<boolean> {
    this.view.setConnection('connecting');
    try {
      const res = await fetch('/api/capture/pair/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          session_id: sessionId,
          secret,
          model: phoneModel(),
          capabilities: this.capabilities(),
        }),
      });
      const body = (await res.json()) as Record<string, string>;
      if (!res.ok) {
        this.view.setConnection('unpaired');
        this.view.error(body.message ? localizeMessage(body.message) : t('errors.pairing'));
        return false;
      }
      this.device = {
        token: body.device_token,
        deviceId: body.device_id,
        sessionId: body.session_id,
        name: body.name,
      };
      deviceStore.set(this.device);
      return true;
    } catch {
      this.view.setConnection('offline');
      this.view.error(t('errors.unreachable'));
      return false;
    }
  }

  private connect(): void {
    const device = this.device!;
    this.view.setDevice(device.name, device.sessionId);
    this.connection?.stop();
    this.connection = new PhoneConnection(
      device.token,
      (m) => void this.onCommand(m),
      (s) => this.onConnection(s),
    );
    this.connection.start();
  }

  private onConnection(state: ConnectionState): void {
    this.view.setConnection(state);
    if (state === 'unpaired') {
      deviceStore.clear();
      this.view.error(t('errors.unpaired'));
    }
  }

  private async onCommand(m: ServerToPhone): Promise<void> {
    switch (m.type) {
      case 'welcome':
        this.device = { ...this.device!, sessionId: m.session_id, name: m.name };
        deviceStore.set(this.device);
        this.view.setDevice(m.name, m.session_id);
        this.view.error(null);
        await this.useFramerate(m.framerate);
        this.reportState();
        return;
      case 'settings':
        await this.useFramerate(m.framerate);
        return;
      case 'record':
        await this.useFramerate(m.framerate);
        await this.startRecording(m.trial_id, m.max_seconds, m.auto_stop);
        return;
      case 'stop':
        if (this.recordingTrial === m.trial_id) await this.stopRecording();
        return;
      case 'cancel':
        await this.cancel(m.trial_id);
        return;
      case 'newSession':
        // 'New session same setup': same token, new session, no new scan.
        this.device = { ...this.device!, sessionId: m.session_id };
        deviceStore.set(this.device);
        history.replaceState(null, '', m.url);
        this.view.setDevice(this.device.name, m.session_id);
        this.view.setState(t('states.ready'), t('details.newSession'));
        return;
      case 'error':
        this.view.error(localizeMessage(m.message));
        return;
      default:
        return;
    }
  }

  private async useFramerate(fps: number): Promise<void> {
    if (fps === this.framerate || this.recorder?.recording) return;
    this.framerate = fps;
    const track = this.stream?.getVideoTracks()[0];
    try {
      await track?.applyConstraints({ ...track.getConstraints(), frameRate: { ideal: fps } });
    } catch {
      await this.startCamera();
    }
  }

  private reportState(): void {
    const state = this.recorder?.recording ? 'recording' : this.uploads.size > 0 ? 'uploading' : 'idle';
    this.connection?.send({ type: 'state', state, trial_id: this.recordingTrial });
  }

  private async startRecording(trialId: string, maxSeconds: number, autoStop: boolean): Promise<void> {
    if (this.recorder?.recording) await this.stopRecording();
    if (!this.stream) return;
    this.recorder = new TrialRecorder(this.stream, this.view.video, this.connection!.clock);
    this.recordingTrial = trialId;
    try {
      await this.recorder.start();
    } catch (err) {
      this.recordingTrial = null;
      this.view.error((err as Error).message);
      return;
    }
    this.view.startTimer(t('states.recording'));
    this.reportState();
    // The server stops recordings; this is the phone's own safety net past the time limit.
    const limitMs = (maxSeconds + (autoStop ? 2 : 5)) * 1000;
    this.autoStopTimer = window.setTimeout(() => void this.stopRecording(), limitMs);
  }

  private async stopRecording(): Promise<void> {
    if (this.autoStopTimer !== null) clearTimeout(this.autoStopTimer);
    this.autoStopTimer = null;
    const recorder = this.recorder;
    const trialId = this.recordingTrial;
    this.recorder = null;
    this.recordingTrial = null;
    this.view.stopTimer();
    if (!recorder || !trialId) return;
    const result = await recorder.stop();
    if (!result) {
      this.view.setState(t('states.ready'), t('details.nothing'));
      this.reportState();
      return;
    }
    const track = this.stream?.getVideoTracks()[0];
    const s = track?.getSettings() ?? {};
    const meta = {
      mime: result.mime,
      model: phoneModel(),
      fps: s.frameRate ?? this.framerate,
      width: this.view.video.videoWidth || s.width || 0,
      height: this.view.video.videoHeight || s.height || 0,
      rotation: (screen.orientation?.angle ?? 0) % 360,
      duration_sec: Math.round(result.durationSec * 1000) / 1000,
      start_time_ms: Math.round(result.startTimeMs * 1000) / 1000,
      frame_timestamps: result.frameTimestamps?.map((t) => Math.round(t * 1000) / 1000) ?? null,
    };
    const pending = { trialId, blob: result.blob, meta, createdAt: Date.now() };
    await pendingStore.save(pending).catch(() => undefined);
    await this.upload(pending);
  }

  private async upload(p: { trialId: string; blob: Blob; meta: Record<string, unknown> }): Promise<void> {
    if (this.uploads.has(p.trialId) || !this.device) return;
    const ctrl = new AbortController();
    this.uploads.set(p.trialId, ctrl);
    this.reportState();
    this.view.setProgress(t('states.uploading'), 0);
    try {
      await uploadRecording({
        token: this.device.token,
        trialId: p.trialId,
        blob: p.blob,
        meta: p.meta,
        signal: ctrl.signal,
        onProgress: (f) => this.view.setProgress(t('states.uploading'), f),
      });
      await pendingStore.remove(p.trialId).catch(() => undefined);
      this.view.setState(t('states.uploaded'), t('details.onServer'));
    } catch (err) {
      if (err instanceof UploadGone) {
        await pendingStore.remove(p.trialId).catch(() => undefined);
        this.view.setState(t('states.ready'), t('details.cancelled'));
      } else if (err instanceof UploadRefused) {
        // Not a video, or unreadable: the trial failed and keeping the file helps nobody. Otherwise (storage
        // full, pairing ended) it stays on the phone and a reload tries again.
        if (err.status === 415 || err.status === 422)
          await pendingStore.remove(p.trialId).catch(() => undefined);
        this.view.error(localizeMessage(err.message));
      } else if ((err as Error).name !== 'AbortError') {
        this.view.error((err as Error).message);
      }
    } finally {
      this.uploads.delete(p.trialId);
      this.reportState();
    }
  }

  private async resumePendingUploads(): Promise<void> {
    const pending = await pendingStore.all().catch(() => []);
    for (const p of pending) await this.upload(p);
  }

  private async cancel(trialId: string): Promise<void> {
    if (this.recordingTrial === trialId && this.recorder) {
      if (this.autoStopTimer !== null) clearTimeout(this.autoStopTimer);
      const r = this.recorder;
      this.recorder = null;
      this.recordingTrial = null;
      this.view.stopTimer();
      await r.discard();
    }
    this.uploads.get(trialId)?.abort();
    await pendingStore.remove(trialId).catch(() => undefined);
    this.view.setState(t('states.ready'), t('details.cancelled'));
    this.reportState();
  }

  private async keepAwake(): Promise<void> {
    const nav = navigator as Navigator & {
      wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> };
    };
    try {
      this.wakeLock = (await nav.wakeLock?.request('screen')) ?? null;
    } catch {
      this.wakeLock = null; // not allowed right now (e.g. page hidden); retried when visible again
    }
  }
}

function phoneModel(): string {
  const ua = navigator.userAgent;
  const android = /Android [^;]+; ([^;)]+)/.exec(ua);
  if (android) return android[1].replace(/ Build.*$/, '').trim();
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  // Elsewhere the platform part of the user agent, e.g. 'X11; Linux x86_64'.
  return (/\(([^)]+)\)/.exec(ua)?.[1] ?? ua).slice(0, 120);
}

void new CapturePage().boot();
