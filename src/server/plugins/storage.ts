import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { cleanTempDir, sweepOrphanFiles } from '../modules/files/orphan-sweep';
import type { FileStore } from '../storage/file-store';
import { LocalFileStore } from '../storage/local-file-store';

/** The FileStore the config asks for (the local disk under FILES_DIR; an S3 store can follow). */
export function createFileStore(config: Config): FileStore {
  return new LocalFileStore(config.filesDir);
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
  });
}

export const storage = fp(storagePlugin, { name: 'storage' });
