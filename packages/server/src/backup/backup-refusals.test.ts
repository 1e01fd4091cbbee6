/**
 * Backup and restore: what they refuse (a data dir without a database, a file that is not a
 * backup) and the control socket a running server answers on. The round trip is backup.test.ts.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { describe, expect, it } from 'vitest';
import { backup, restore } from './commands';
import { askControl, claimDataDir, findControlSocket } from './control-socket';
import { listing, scratchDir } from '../testing/backup.fixtures';

const scratch = scratchDir();

describe('backup and restore refuse what they cannot do', () => {
  it('a data dir without a database has nothing to back up', async () => {
    const dataDir = path.join(scratch, 'empty');
    await expect(backup(path.join(scratch, 'y.tar.gz'), { DATA_DIR: dataDir })).rejects.toThrow(
      /Nothing to back up/,
    );
  });

  it('a file that is not a backup is refused before anything is touched', async () => {
    const dataDir = path.join(scratch, 'untouched');
    const notGzip = path.join(scratch, 'not-a-backup.tar.gz');
    writeFileSync(notGzip, 'hello, this is not an archive');
    await expect(restore(notGzip, { env: { DATA_DIR: dataDir } })).rejects.toThrow(
      /not-a-backup\.tar\.gz is not a Conversa backup/,
    );

    const foreign = path.join(scratch, 'foreign');
    mkdirSync(foreign);
    writeFileSync(
      path.join(foreign, 'manifest.json'),
      JSON.stringify({ format: 'something-else', version: 1 }),
    );
    writeFileSync(path.join(foreign, 'db.tar'), 'x');
    const wrongFormat = path.join(scratch, 'foreign.tar.gz');
    await tar.c({ gzip: true, file: wrongFormat, cwd: foreign }, ['manifest.json', 'db.tar']);
    await expect(restore(wrongFormat, { env: { DATA_DIR: dataDir } })).rejects.toThrow(
      /is not a Conversa backup: its format is "something-else"/,
    );

    writeFileSync(
      path.join(foreign, 'manifest.json'),
      JSON.stringify({ format: 'conversa-backup', version: 1 }),
    );
    writeFileSync(path.join(foreign, 'evil'), 'x');
    const stray = path.join(scratch, 'stray.tar.gz');
    await tar.c({ gzip: true, file: stray, cwd: foreign }, ['manifest.json', 'db.tar', 'evil']);
    await expect(restore(stray, { env: { DATA_DIR: dataDir } })).rejects.toThrow(/unexpected entry "evil"/);
    // Links could point outside DATA_DIR.
    symlinkSync('/etc', path.join(foreign, 'files'));
    const linked = path.join(scratch, 'linked.tar.gz');
    await tar.c({ gzip: true, file: linked, cwd: foreign }, ['manifest.json', 'db.tar', 'files']);
    await expect(restore(linked, { env: { DATA_DIR: dataDir } })).rejects.toThrow(
      /holds an entry of type SymbolicLink/,
    );
    await expect(
      restore(path.join(scratch, 'missing.tar.gz'), { env: { DATA_DIR: dataDir } }),
    ).rejects.toThrow(/missing\.tar\.gz does not exist/);
    // A dump of another PostgreSQL major version cannot load: said before anything is extracted.
    const older = path.join(scratch, 'older');
    mkdirSync(older);
    writeFileSync(
      path.join(older, 'manifest.json'),
      JSON.stringify({ format: 'conversa-backup', version: 1, postgres: 90_624, jwtSecret: false }),
    );
    writeFileSync(path.join(older, 'db.tar'), 'x');
    const olderArchive = path.join(scratch, 'older.tar.gz');
    await tar.c({ gzip: true, file: olderArchive, cwd: older }, ['manifest.json', 'db.tar']);
    await expect(restore(olderArchive, { env: { DATA_DIR: dataDir } })).rejects.toThrow(
      /holds a PostgreSQL 9 database \(embedded\); this version of Conversa embeds PostgreSQL 1\d, which cannot load it/,
    );
    expect(listing(dataDir)).toBeNull();
  });
});

describe('the control socket', () => {
  it('claims a data dir once, also when its path is too long for a socket inside it', async () => {
    const deep = path.join(
      scratch,
      'a-data-dir-whose-path-is-longer-than-a-unix-socket-may-be',
      'x'.repeat(60),
    );
    const shallow = path.join(scratch, 'short');
    for (const dataDir of [deep, shallow]) {
      mkdirSync(path.join(dataDir, '.backup-left-by-a-stopped-command'), { recursive: true });
      const claim = await claimDataDir(dataDir, 'backup');
      let socket = '';
      try {
        // What a backup stopped half-way left is removed; the holder answers; nobody else claims.
        expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
        expect(await askControl(dataDir, { command: 'who' })).toEqual({
          ok: true,
          holder: { role: 'backup', pid: process.pid },
        });
        await expect(claimDataDir(dataDir, 'server')).rejects.toThrow(
          `A backup (pid ${process.pid}) is using DATA_DIR ${dataDir}.`,
        );
        // Always in a folder only this user may enter: DATA_DIR, or a new one with a random name.
        socket = (await findControlSocket(dataDir))!;
        if (dataDir === shallow) expect(socket).toBe(path.join(shallow, 'control.sock'));
        else {
          expect(path.dirname(path.dirname(socket))).toBe(os.tmpdir());
          expect(path.basename(path.dirname(socket))).toMatch(/^conversa-\w{6,}$/);
          const guessable = createHash('sha256').update(path.resolve(deep)).digest('hex').slice(0, 24);
          expect(existsSync(path.join(os.tmpdir(), `conversa-${guessable}.sock`))).toBe(false);
        }
        const folder = statSync(path.dirname(socket));
        expect(folder.mode & 0o777).toBe(0o700);
        expect(folder.uid).toBe(process.getuid!());
      } finally {
        await claim.release();
      }
      expect(await askControl(dataDir, { command: 'who' })).toBeNull();
      // The folder made for the socket goes with it.
      if (dataDir === deep) expect(existsSync(path.dirname(socket))).toBe(false);
    }
  });

  it('is not trusted in a folder that others may enter', async () => {
    const dataDir = path.join(scratch, 'x'.repeat(90), 'shared');
    const claim = await claimDataDir(dataDir, 'backup');
    try {
      const socket = (await findControlSocket(dataDir))!;
      chmodSync(path.dirname(socket), 0o777);
      await expect(askControl(dataDir, { command: 'who' })).rejects.toThrow(/only its owner may enter/);
      chmodSync(path.dirname(socket), 0o700);
    } finally {
      await claim.release();
    }
  });

  it('the backup command takes a staging folder only inside the data directory, and deletes nothing else', async () => {
    const dataDir = path.join(scratch, 'fake-holder');
    mkdirSync(path.join(dataDir, 'db'), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(dataDir, 'db', 'PG_VERSION'), '17');
    const outside = mkdtempSync(path.join(scratch, 'outside-'));
    writeFileSync(path.join(outside, 'manifest.json'), '{}');
    const inside = path.join(dataDir, 'db');
    for (const staging of [outside, path.join(dataDir, '..', path.basename(outside)), inside, 'relative']) {
      // Whatever answers on the socket names the folder the command packs and then deletes.
      const liar = createServer((socket) =>
        socket.once('data', () =>
          socket.end(`${JSON.stringify({ ok: true, holder: { role: 'server', pid: 1 }, staging })}\n`),
        ),
      );
      await new Promise<void>((resolve) => liar.listen(path.join(dataDir, 'control.sock'), resolve));
      try {
        await expect(backup(path.join(scratch, 'lied.tar.gz'), { DATA_DIR: dataDir })).rejects.toThrow(
          /staging folder .* is not one of DATA_DIR's/,
        );
      } finally {
        await new Promise((resolve) => liar.close(resolve));
      }
    }
    expect(readdirSync(outside)).toEqual(['manifest.json']);
    expect(readdirSync(inside)).toEqual(['PG_VERSION']);
    expect(existsSync(path.join(scratch, 'lied.tar.gz'))).toBe(false);
  });
});
