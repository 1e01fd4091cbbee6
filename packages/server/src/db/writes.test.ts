import { describe, expect, it } from 'vitest';
import { noteStatement, noteWrite, writeGeneration } from './writes';

describe('noteStatement', () => {
  it('counts plain reads as reads and everything else as a write', () => {
    const client = {};
    const reads = [
      'select 1',
      '  SELECT id from institutions',
      'prepare list_a as select id from institutions where id = $1',
      'execute list_a(3)',
    ];
    for (const text of reads) expect(noteStatement(client, text), text).toBe('read');
    expect(writeGeneration(client)).toBe(0);

    const writes = [
      'insert into institutions (name) values ($1)',
      'update institutions set name = $1',
      'delete from institutions',
      'with gone as (delete from jobs returning id) select count(*) from gone',
      'select id from jobs for update skip locked',
      'select id from jobs for no key update',
      'prepare claim as update jobs set state = $1',
      'execute claim(1)',
      'execute never_prepared(1)',
      'select 1; delete from institutions',
      'begin',
    ];
    for (const text of writes) expect(noteStatement(client, text), text).toBe('write');
    expect(writeGeneration(client)).toBe(writes.length);
    noteWrite(client);
    expect(writeGeneration(client)).toBe(writes.length + 1);
  });

  it('keeps one count per client', () => {
    const a = {};
    const b = {};
    noteStatement(a, 'update users set locale = $1');
    expect(writeGeneration(a)).toBe(1);
    expect(writeGeneration(b)).toBe(0);
  });
});
