import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver prepares every query anew; preparing is about a fifth of the CPU time of a list
 * request. Queries built by Kysely repeat the same SQL text with different parameters, so prepared statements
 * are kept by SQL text (least recently used first out). better-sqlite3 is synchronous, so a statement is
 * never used by two queries at once; SQLite re-prepares a statement itself after a schema change.
 */
export function withStatementCache(sqlite: SqliteDatabase, capacity = 256): KyselySqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}
