import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server';

let server: RunningServer | undefined;

/** Starts one shared server for the end-to-end tests; tests read its URL with inject('baseURL'). */
export async function setup(project: TestProject) {
  server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('dataDir', server.dataDir);
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}
