import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { ocrReaderLine } from './ocr-reader-line';

/** Starts the server from the environment and stops it cleanly on SIGINT/SIGTERM. */
export async function startServer(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app } = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Markwise is running at ${config.publicUrl}`);
  app.log.info(ocrReaderLine(config.reading.tesseract, config.reading.tesseractModel));
}
