import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { cleanTempDir, sweepOrphanFiles } from '../modules/files/orphan-sweep';
import type { FileStore } from '../storage/file-store';
import { LocalFileStore } from '../storage/local-file-store';
import { createS3Client, S3FileStore } from '../storage/s3-file-store';

/** The FileStore the config asks for: a local folder, or an S3 bucket under a prefix. */
export function createFileStore(config: Config, log?: FastifyBaseLogger): FileStore {
  const files = config.files;
  if (files.kind === 'local') return new LocalFileStore(files.dir);
  return new S3FileStore(createS3Client(files, log), files.bucket, files.prefix);
}

/**
 * Once the server is ready, removes stale upload temp files and stored objects that no `file`
 * row names, in the background; closing the server waits for it.
 */
async function storagePlugin(
  app: FastifyInstance,
  { db, store, config }: { db: Db; store: FileStore; config: Config },
) {
  let sweeping: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    sweeping = (async () => {
      const temps = await cleanTempDir(config.tmpDir);
      const { checked, removed } = await sweepOrphanFiles(db.kysely, store);
      if (temps || removed) app.log.info({ temps, checked, removed }, 'removed orphaned files');
    })().catch((err: unknown) => app.log.warn({ err }, 'the orphan file sweep failed'));
  });
  app.addHook('onClose', async () => {
    await sweeping;
    await store.close();
  });
}

export const storage = fp(storagePlugin, { name: 'storage' });
