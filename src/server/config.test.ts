import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTesseract } from '../grading/ocr-native';
import { ConfigError, loadConfig } from './config';

/** The problems a ConfigError lists, one per line. */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message
      .split('\n')
      .slice(1)
      .map((l) => l.trim());
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('runs everything on one machine when nothing is set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'production',
      host: '0.0.0.0',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      trustProxy: false,
      dataDir: path.resolve('data'),
      files: { kind: 'local', dir: path.resolve('data/files') },
      database: { kind: 'sqlite', file: path.resolve('data/markwise.db') },
      logLevel: 'info',
      oidc: undefined,
      loginRateLimit: 10,
      staticDir: path.resolve('dist/web'),
      gradingWorker: true,
    });
    expect(c.authSecret).toBeUndefined();
    expect(c.contact.rateLimit).toBe(5);
  });

  it('derives the public address from PORT and drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://mark.example.edu/' }).publicUrl).toBe(
      'https://mark.example.edu',
    );
  });

  it('treats blank optional variables as unset', () => {
    const c = loadConfig({ PUBLIC_URL: '', DATABASE_URL: ' ', OIDC_ISSUER: '', AUTH_SECRET: '' });
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.database.kind).toBe('sqlite');
    expect(c.oidc).toBeUndefined();
  });

  it('keeps the SQLite file and uploads under DATA_DIR', () => {
    const c = loadConfig({ DATA_DIR: '/srv/markwise' });
    expect(c.database).toEqual({ kind: 'sqlite', file: '/srv/markwise/markwise.db' });
    expect(c.files).toEqual({ kind: 'local', dir: '/srv/markwise/files' });
    expect(c.tmpDir).toBe('/srv/markwise/tmp');
    expect(loadConfig({ DATA_DIR: '/srv/m', FILES_DIR: '/mnt/files' }).files).toEqual({
      kind: 'local',
      dir: '/mnt/files',
    });
  });

  it('picks the database dialect from DATABASE_URL', () => {
    const pg = 'postgres://markwise:pw@db:5432/markwise';
    expect(loadConfig({ DATABASE_URL: pg }).database).toEqual({ kind: 'postgres', url: pg });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/m' }).database.kind).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'sqlite:/var/lib/m.db' }).database).toEqual({
      kind: 'sqlite',
      file: '/var/lib/m.db',
    });
    expect(loadConfig({ DATABASE_URL: 'file:///var/lib/m.db' }).database).toEqual({
      kind: 'sqlite',
      file: '/var/lib/m.db',
    });
  });

  it('adds TRUSTED_ORIGINS to the public address', () => {
    const c = loadConfig({
      PUBLIC_URL: 'https://a.example',
      TRUSTED_ORIGINS: 'http://localhost:5173, https://b.example',
    });
    expect(c.trustedOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
      'https://b.example',
    ]);
  });

  it('reads booleans the way people write them', () => {
    expect(loadConfig({ GRADING_WORKER: 'false' }).gradingWorker).toBe(false);
    expect(loadConfig({ GRADING_WORKER: '1' }).gradingWorker).toBe(true);
    expect(loadConfig({ GRADING_WORKER: 'no' }).gradingWorker).toBe(false);
  });

  it('trusts the one proxy in front for TRUST_PROXY=true, never every hop', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'loopback',
    ]);
    expect(problems({ TRUST_PROXY: 'my-proxy.local' })[0]).toMatch(/^- TRUST_PROXY: must be true/);
  });

  it('gives dashboard lists 32 MB by default, any amount asked for, and refuses nonsense', () => {
    expect(loadConfig({}).dashboardCacheBytes).toBe(32 * 1024 * 1024);
    expect(loadConfig({ DASHBOARD_CACHE_MB: '0.5' }).dashboardCacheBytes).toBe(512 * 1024);
    expect(loadConfig({ DASHBOARD_CACHE_MB: '0' }).dashboardCacheBytes).toBe(0);
    for (const bad of ['-1', 'lots', '99999'])
      expect(problems({ DASHBOARD_CACHE_MB: bad })[0]).toMatch(/^- DASHBOARD_CACHE_MB:/);
  });

  it('keeps mail in the outbox without SMTP_URL, from no-reply at the public host', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Markwise <no-reply@localhost>',
      resetRateLimit: 3,
    });
    expect(
      loadConfig({
        PUBLIC_URL: 'https://mark.example.edu',
        SMTP_URL: 'smtps://mark:pw@mail.example.edu:465',
        MAIL_FROM: 'Markwise at Example <markwise@example.edu>',
        PASSWORD_RESET_RATE_LIMIT: '5',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://mark:pw@mail.example.edu:465',
      from: 'Markwise at Example <markwise@example.edu>',
      resetRateLimit: 5,
    });
    expect(loadConfig({ MAIL_FROM: 'markwise@example.edu' }).mail.from).toBe(
      'markwise@example.edu',
    );
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, and a MAIL_FROM without an address', () => {
    expect(
      problems({
        SMTP_URL: 'http://mail.example.edu',
        MAIL_FROM: 'Markwise <not an address>',
      }).map((l) => l.split(':')[0]),
    ).toEqual(['- SMTP_URL', '- MAIL_FROM']);
    expect(problems({ SMTP_URL: 'mail.example.edu:25' })[0]).toContain('must be an SMTP address');
    expect(problems({ PASSWORD_RESET_RATE_LIMIT: '0' })[0]).toContain('PASSWORD_RESET_RATE_LIMIT');
  });

  it('fails with one error that lists every problem', () => {
    const list = problems({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/m',
      AUTH_SECRET: 'short',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'ftp://files.example',
      TRUST_PROXY: 'maybe?',
      OIDC_CLIENT_ID: 'only-the-id',
    });
    expect(list).toHaveLength(7);
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'AUTH_SECRET',
      'LOG_LEVEL',
      'PUBLIC_URL',
      'TRUST_PROXY',
      'OIDC_ISSUER',
    ]) {
      expect(list.some((l) => l.startsWith(`- ${name}:`))).toBe(true);
    }
    expect(list.find((l) => l.includes('DATABASE_URL'))).toContain(
      'must start with postgres://, sqlite: or file:',
    );
    expect(list.find((l) => l.includes('AUTH_SECRET'))).toContain('at least 32 characters');
  });

  describe('external sign-in (OIDC)', () => {
    const full = {
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'client-id',
      OIDC_CLIENT_SECRET: 'client-secret',
    };

    it('is on when issuer, client id and secret are all set, labelled Google by default', () => {
      expect(loadConfig(full).oidc).toEqual({
        issuer: 'https://accounts.google.com',
        clientId: 'client-id',
        clientSecret: 'client-secret',
        label: 'Google',
      });
      expect(loadConfig({ ...full, OIDC_LABEL: 'School Login' }).oidc?.label).toBe('School Login');
    });

    it('is refused when only some of the three are set', () => {
      for (const missing of Object.keys(full)) {
        const env: Record<string, string> = { ...full };
        delete env[missing];
        expect(problems(env)).toEqual([
          '- OIDC_ISSUER: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
        ]);
      }
    });

    it('refuses an issuer that is not a URL', () => {
      expect(problems({ ...full, OIDC_ISSUER: 'accounts.google.com' })[0]).toMatch(
        /^- OIDC_ISSUER:/,
      );
    });
  });

  describe('file storage (FILES_URL)', () => {
    const keys = { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret/key+1' };

    it('keeps files in a local folder for file:///', () => {
      expect(loadConfig({ FILES_URL: 'file:///mnt/shared/markwise' }).files).toEqual({
        kind: 'local',
        dir: '/mnt/shared/markwise',
      });
    });

    it('uses an S3 bucket on AWS with the region and keys passed explicitly', () => {
      expect(
        loadConfig({ FILES_URL: 's3://school-files/markwise/', AWS_REGION: 'eu-west-1', ...keys })
          .files,
      ).toEqual({
        kind: 's3',
        bucket: 'school-files',
        prefix: 'markwise',
        region: 'eu-west-1',
        endpoint: undefined,
        forcePathStyle: false,
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret/key+1' },
      });
    });

    it('uses an S3-compatible server with path-style addressing, us-east-1 by default', () => {
      const files = loadConfig({
        FILES_URL: 's3://markwise',
        AWS_ENDPOINT_URL_S3: 'http://minio.internal:9000',
        S3_FORCE_PATH_STYLE: 'true',
        ...keys,
      }).files;
      expect(files).toMatchObject({
        kind: 's3',
        bucket: 'markwise',
        prefix: '',
        region: 'us-east-1',
        endpoint: 'http://minio.internal:9000',
        forcePathStyle: true,
      });
    });

    it('ignores the AWS variables unless FILES_URL is s3://', () => {
      expect(
        loadConfig({ DATA_DIR: '/srv/m', AWS_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'true' })
          .files,
      ).toEqual({ kind: 'local', dir: '/srv/m/files' });
    });

    it('refuses FILES_URL together with FILES_DIR', () => {
      expect(problems({ FILES_URL: 'file:///a', FILES_DIR: '/b' })).toEqual([
        '- FILES_URL: set FILES_URL or FILES_DIR, not both',
      ]);
    });

    it.each([
      ['https://bucket.s3.amazonaws.com', 'must be s3://bucket/prefix or file:///absolute/path'],
      ['file:relative/files', 'must be s3://bucket/prefix or file:///absolute/path'],
      ['s3://', '"" is not a valid S3 bucket name'],
      ['s3://Upper_Case', '"Upper_Case" is not a valid S3 bucket name'],
      [
        's3://bucket/a//b',
        'the prefix may hold letters, digits, ".", "-" and "_" between single slashes',
      ],
      [
        's3://bucket/a/../b',
        'the prefix may hold letters, digits, ".", "-" and "_" between single slashes',
      ],
    ])('refuses FILES_URL=%s', (url, message) => {
      expect(problems({ FILES_URL: url, AWS_REGION: 'eu-west-1', ...keys })).toEqual([
        `- FILES_URL: ${message}`,
      ]);
    });

    it('lists every missing S3 setting together with the other problems', () => {
      expect(
        problems({ FILES_URL: 's3://school-files', AWS_ACCESS_KEY_ID: 'only-the-id', PORT: 'x' }),
      ).toEqual([
        '- PORT: Invalid input: expected number, received NaN',
        '- AWS_ACCESS_KEY_ID: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are required when FILES_URL is s3://',
        '- AWS_REGION: required when FILES_URL is s3:// without AWS_ENDPOINT_URL_S3',
      ]);
      expect(
        problems({
          FILES_URL: 's3://bucket-1',
          AWS_ENDPOINT_URL_S3: 'minio:9000',
          S3_FORCE_PATH_STYLE: 'sure',
          ...keys,
        }).map((l) => l.split(':')[0]),
      ).toEqual(['- AWS_ENDPOINT_URL_S3', '- S3_FORCE_PATH_STYLE']);
    });
  });

  it('reads scanned pages with the native tesseract program only when it runs', () => {
    expect(loadConfig({ OCR_TESSERACT: 'off' }).reading.tesseract).toBeNull();
    expect(loadConfig({}).reading.tesseract).toBe(findTesseract('auto'));
    expect(problems({ OCR_TESSERACT: 'tesseract' })).toEqual([
      '- OCR_TESSERACT: must be auto, off, or the absolute path of the tesseract program',
    ]);
    expect(problems({ OCR_TESSERACT: '/usr/bin/true' })).toEqual([
      '- OCR_TESSERACT: does not run as tesseract 4 or later (`tesseract --version`)',
    ]);
  });
});
