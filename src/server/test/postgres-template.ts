import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrations } from '../db/migrations';

let template: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database on the TEST_DATABASE_URL server that holds what a new test
 * app would otherwise build on every start: every migration, and pg-boss's schema and queues.
 * Test databases are copies of it (CREATE DATABASE … TEMPLATE), which takes a fraction of the
 * time. Its name carries a hash of the migrations and of pg-boss's version, so a changed
 * migration gets a new template; the first test process to need it makes it, under a lock.
 */
export function migratedTemplate(): Promise<string> {
  template ??= findOrMake().catch((err: unknown) => {
    template = undefined;
    throw err;
  });
  return template;
}

function templateName(): string {
  const pgBoss = createRequire(import.meta.url)('pg-boss/package.json') as { version: string };
  const hash = crypto.createHash('sha256').update(pgBoss.version);
  for (const [name, m] of Object.entries(migrations))
    hash.update(name).update(String(m.up)).update(String(m.down));
  return `markwise_template_${hash.digest('hex').slice(0, 16)}`;
}

async function findOrMake(): Promise<string> {
  const name = templateName();
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    // One test process makes it; the others wait here and then find it.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_${crypto.randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      try {
        await install(urlOf(building));
        await admin.query(`alter database ${building} rename to ${name}`);
      } catch (err) {
        await admin.query(`drop database if exists ${building} with (force)`);
        throw err;
      }
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** Starts the app once on the database (it migrates, and pg-boss installs itself), then stops it. */
async function install(url: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-template-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      STATIC_DIR: path.join(dataDir, 'no-web'),
    });
    const { app } = await buildApp(config, { logger: false });
    await app.ready();
    await app.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The TEST_DATABASE_URL with another database name. */
export function urlOf(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}
