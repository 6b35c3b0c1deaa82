import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { PhoneToServer, ServerToPhone } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { TrialRepository } from '../repositories/trial.repository';
import { deviceByToken, deviceInfo, deviceTokenLive, touchDevice } from '../services/device-pairing.service';
import { captureHub } from './hub';

/** Seconds a new socket may stay silent before it must say hello with its device token. */
const HELLO_TIMEOUT_MS = 10_000;
/** How often a connected phone's token is checked again (its session may have been trashed). */
const RECHECK_TOKEN_MS = 60_000;
const PAIRING_ENDED =
  'This phone’s pairing has ended (session removed or idle for a day). Scan the QR code again.';

function send(socket: WebSocket, msg: ServerToPhone): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
}

function parse(raw: unknown): PhoneToServer | null {
  try {
    const msg = JSON.parse(String(raw)) as PhoneToServer;
    return msg && typeof msg === 'object' && typeof msg.type === 'string' ? msg : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/capture/ws: a phone's live connection. The first message is {type:'hello', token} (browsers cannot
 * set headers on WebSockets and a token in the URL would end up in logs); then heartbeats, clock pings and
 * state reports come in, and commands go out through the hub.
 */
export function registerCaptureSocket(app: FastifyInstance, deps: AppDeps): void {
  app.get('/capture/ws', { websocket: true, schema: { hide: true } }, (socket: WebSocket) => {
    const hub = captureHub(deps);
    let deviceId: string | null = null;
    let checkedAt = 0;
    /** Now and then: the token must still live, and the phone's activity is written down. */
    const recheck = (id: string) => {
      const now = deps.clock.now().getTime();
      if (now - checkedAt < RECHECK_TOKEN_MS) return;
      checkedAt = now;
      void deviceTokenLive(deps, id)
        .then(async (live) => {
          if (!live) {
            send(socket, { type: 'error', message: PAIRING_ENDED });
            socket.close(4401, 'Device token ended');
            return;
          }
          await touchDevice(deps, id);
        })
        .catch((err: unknown) => app.log.error(err));
    };
    const helloTimer = setTimeout(() => {
      if (!deviceId) socket.close(4401, 'No hello');
    }, HELLO_TIMEOUT_MS);

    socket.on('message', (raw) => {
      const msg = parse(raw);
      if (!msg) return;
      if (msg.type === 'ping') {
        // Answered at once and before anything else: the round trip measures the clock offset.
        send(socket, { type: 'pong', t0: msg.t0, server_time: deps.clock.now().getTime() });
        if (deviceId) hub.touch(deviceId);
        return;
      }
      if (msg.type === 'hello') {
        void (async () => {
          const device = typeof msg.token === 'string' ? await deviceByToken(deps, msg.token) : undefined;
          if (!device) {
            send(socket, { type: 'error', message: 'This phone is not paired. Scan the QR code again.' });
            socket.close(4401, 'Invalid device token');
            return;
          }
          clearTimeout(helloTimer);
          deviceId = device.id;
          checkedAt = deps.clock.now().getTime();
          hub.attach(device.id, device.session_id, socket);
          const info = await deviceInfo(deps, device.id);
          send(socket, { type: 'welcome', ...info, server_time: deps.clock.now().getTime() });
        })().catch((err: unknown) => app.log.error(err));
        return;
      }
      if (!deviceId) return;
      recheck(deviceId);
      if (msg.type === 'heartbeat') hub.touch(deviceId);
      else if (msg.type === 'state') {
        hub.touch(deviceId, msg.state);
        // A phone that missed a stop while offline learns it when it reports still recording.
        if (msg.state === 'recording' && msg.trial_id) {
          const id = deviceId;
          const trialId = msg.trial_id;
          void new TrialRepository(deps.db)
            .findById(trialId)
            .then((t) => {
              if (!t || t.status !== 'recording')
                hub.sendTo(
                  id,
                  t ? { type: 'stop', trial_id: trialId } : { type: 'cancel', trial_id: trialId },
                );
            })
            .catch((err: unknown) => app.log.error(err));
        }
      }
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      if (deviceId) hub.detach(deviceId, socket);
    });
    socket.on('error', () => socket.terminate());
  });
}
