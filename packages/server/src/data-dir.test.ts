import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createPglite } from './db/database';
import { createMailer } from './mail/mailer';
import { localStorage } from './storage/storage';

const parent = mkdtempSync(path.join(os.tmpdir(), 'conversa-data-dir-'));
const dataDir = path.join(parent, 'data');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

/** Every folder and file under a folder, with its permission bits. */
function walk(dir: string): Array<[string, number]> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory()
      ? [[full, mode(full)] as [string, number], ...walk(full)]
      : [[full, mode(full)]];
  });
}

describe('DATA_DIR holds private folders (0700) and files (0600)', () => {
  it('the generated jwt-secret and the folder it creates', () => {
    loadConfig({ DATA_DIR: dataDir });
    expect(mode(dataDir).toString(8)).toBe('700');
    expect(mode(path.join(dataDir, 'jwt-secret')).toString(8)).toBe('600');
  });

  it('outbox mails', async () => {
    const outboxDir = path.join(dataDir, 'outbox');
    const mailer = createMailer({
      smtpUrl: null,
      from: 'a@b.test',
      outboxDir,
      logger: pino({ level: 'silent' }),
    });
    await mailer.send({ to: 'c@d.test', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    mailer.close();
    expect(mode(outboxDir).toString(8)).toBe('700');
    const [mail] = readdirSync(outboxDir);
    expect(mode(path.join(outboxDir, mail!)).toString(8)).toBe('600');
  });

  it('uploaded files and their folders', async () => {
    const root = path.join(dataDir, 'files');
    await localStorage(root).put('7/12/original', new Uint8Array([1, 2, 3]));
    expect(mode(root).toString(8)).toBe('700');
    expect(mode(path.join(root, '7')).toString(8)).toBe('700');
    expect(mode(path.join(root, '7', '12')).toString(8)).toBe('700');
    expect(mode(path.join(root, '7', '12', 'original')).toString(8)).toBe('600');
  });

  it('the embedded database', async () => {
    const dbDir = path.join(dataDir, 'db');
    const client = await createPglite({ dataDir: dbDir });
    await client.close();
    // PGlite writes its own files 0666, new ones included: the folder is what keeps them private.
    expect(mode(dbDir).toString(8)).toBe('700');
    // A whole database cluster is created on disk (initdb): 10 s on a quiet machine, 25-40 s on a
    // loaded one (seen under two busy loops).
  }, 120_000);

  it('leaves nothing else readable by others under DATA_DIR', () => {
    const dbDir = path.join(dataDir, 'db');
    for (const [file, bits] of walk(dataDir).filter(([file]) => !file.startsWith(`${dbDir}/`))) {
      expect(bits & 0o077, file).toBe(0);
    }
  });
});
