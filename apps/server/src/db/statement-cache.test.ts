import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

describe('withStatementCache', () => {
  it('reuses a prepared statement for the same SQL and evicts the least recently used', () => {
    const sqlite = new SqliteDatabase(':memory:');
    sqlite.exec('create table t (x integer)');
    const db = withStatementCache(sqlite, 2);
    const insert = db.prepare('insert into t (x) values (?)');
    expect(db.prepare('insert into t (x) values (?)')).toBe(insert);
    insert.run([1]);
    insert.run([2]);
    const count = db.prepare('select count(*) as n from t');
    expect(count.all([])).toEqual([{ n: 2 }]);
    db.prepare('select 1');
    // capacity 2: the insert statement was the least recently used and is prepared anew
    expect(db.prepare('insert into t (x) values (?)')).not.toBe(insert);
    db.close();
  });
});
