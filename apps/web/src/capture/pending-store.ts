/** A recording kept in the browser until the server confirms it (survives reloads and dropped networks). */
export interface PendingRecording {
  trialId: string;
  blob: Blob;
  meta: Record<string, unknown>;
  createdAt: number;
}

const DB_NAME = 'poselab-capture';
const STORE = 'recordings';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'trialId' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB error'));
    });
  } finally {
    db.close();
  }
}

export const pendingStore = {
  save: (r: PendingRecording) => run('readwrite', (s) => s.put(r)).then(() => undefined),
  remove: (trialId: string) => run('readwrite', (s) => s.delete(trialId)).then(() => undefined),
  all: () => run<PendingRecording[]>('readonly', (s) => s.getAll() as IDBRequest<PendingRecording[]>),
};

/** The paired device, kept so a reload reconnects without a new scan. */
export interface StoredDevice {
  token: string;
  deviceId: string;
  sessionId: string;
  name: string;
}
const DEVICE_KEY = 'poselab.capture.device';

export const deviceStore = {
  get(): StoredDevice | null {
    try {
      const raw = localStorage.getItem(DEVICE_KEY);
      return raw ? (JSON.parse(raw) as StoredDevice) : null;
    } catch {
      return null;
    }
  },
  set(d: StoredDevice): void {
    localStorage.setItem(DEVICE_KEY, JSON.stringify(d));
  },
  clear(): void {
    localStorage.removeItem(DEVICE_KEY);
  },
};
