// The parts of oidc-provider (which ships no types) that the end-to-end tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    findAccount?(ctx: unknown, sub: string): Promise<Account | undefined>;
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys?: string[] };
    jwks?: { keys: Array<Record<string, unknown>> };
    ttl?: Record<string, number>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    /** The request listener for a node:http server. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
