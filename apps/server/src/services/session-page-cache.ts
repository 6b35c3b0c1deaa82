import type { AppDeps } from '../deps';

/**
 * Built pages of the session list as JSON text, keyed by user, list version and query. The version comes from
 * the database (triggers raise it on every change a list row can show), so a page is never served after a
 * change, whichever process made it; a stale key is simply never asked for again and ages out. Lists are read
 * far more than they change (every visit of Sessions, every recycle-bin view), and a page of 40 costs a
 * 40-row query with a count per row plus its serialisation.
 */
export class SessionPageCache {
  private readonly pages = new Map<string, string>();

  constructor(private readonly maxEntries = 500) {}

  get(key: string): string | undefined {
    const json = this.pages.get(key);
    if (json !== undefined) {
      // Most recently used last: the Map's insertion order is the eviction order.
      this.pages.delete(key);
      this.pages.set(key, json);
    }
    return json;
  }

  set(key: string, json: string): void {
    this.pages.delete(key);
    this.pages.set(key, json);
    while (this.pages.size > this.maxEntries) {
      const oldest = this.pages.keys().next().value as string;
      this.pages.delete(oldest);
    }
  }

  get size(): number {
    return this.pages.size;
  }
}

const caches = new WeakMap<AppDeps, SessionPageCache>();

/**
 * The cache of one app instance (tests build several apps, each with its own deps); null when
 * SESSION_LIST_CACHE=0 turns it off.
 */
export function sessionPageCache(deps: AppDeps): SessionPageCache | null {
  const size = deps.config.sessionListCachePages;
  if (!(size > 0)) return null;
  let cache = caches.get(deps);
  if (!cache) {
    cache = new SessionPageCache(size);
    caches.set(deps, cache);
  }
  return cache;
}
