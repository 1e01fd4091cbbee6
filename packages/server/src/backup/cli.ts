/**
 * The backup commands' process (dist/backup.js): `backup <file> [--encrypt]` and
 * `restore <file> [--force]`, run by `npm run backup -- <file>` and `npm run restore -- <file>`
 * (scripts/run.mjs). The passphrase of `--encrypt` (and of restoring such a file) is read from
 * BACKUP_PASSPHRASE.
 */
import { backup, BackupError, restore } from './commands';
import { PASSPHRASE_VARIABLE } from './encryption';

/** A line for the user, on standard output. */
const say = (line: string) => process.stdout.write(`${line}\n`);

const USAGE =
  'usage: backup <file.tar.gz> [--encrypt] | restore <file.tar.gz> [--force]\n' +
  `  --encrypt: AES-256-GCM under a key derived (scrypt) from the passphrase in ${PASSPHRASE_VARIABLE}`;

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const force = rest.includes('--force');
  const encrypt = rest.includes('--encrypt');
  const files = rest.filter((arg) => arg !== '--force' && arg !== '--encrypt');
  if (
    (command !== 'backup' && command !== 'restore') ||
    files.length !== 1 ||
    files[0]!.startsWith('--') ||
    (force && command === 'backup') ||
    (encrypt && command === 'restore')
  ) {
    console.error(USAGE);
    return 2;
  }
  const file = files[0]!;
  if (command === 'backup') {
    const { file: written, manifest } = await backup(file, process.env, { encrypt });
    say(
      `${encrypt ? 'Encrypted backup' : 'Backup'} written to ${written}: the database and ${manifest.files} stored file(s)` +
        `${manifest.jwtSecret ? ' and the generated jwt-secret' : ''}, taken by the ${manifest.takenBy === 'server' ? 'running server' : 'backup command (no server was running)'}.`,
    );
    return 0;
  }
  const { dataDir, manifest, previous } = await restore(file, { force });
  say(`Restored the backup of ${manifest.createdAt} into ${dataDir} (${manifest.files} stored file(s)).`);
  if (previous)
    say(`The data that was there is kept in ${previous}: delete it once the restored server works.`);
  if (!manifest.jwtSecret) {
    say(
      'The backup holds no jwt-secret: that server read JWT_SECRET from its environment. Start this one with the same JWT_SECRET (sessions and stored WhatsApp credentials depend on it).',
    );
  }
  say(
    'Backups never hold WHATSAPP_SECRETS_KEY: if that server had one, start this one with the same value, or the WhatsApp channels must be saved again.',
  );
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(`conversa: ${error.message}`);
  process.exitCode = 1;
}
