import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The account a sign-in at the test provider as "priya" ends up as (its development login takes any name). */
export const providerUser = {
  email: 'priya.sharma@school.example',
  name: 'Priya Sharma',
};

/** Who the provider says a login is: "priya" is `providerUser`, any other login `<login>@school.example`. */
export const providerUserFor = (login: string) =>
  login === 'priya' ? providerUser : { email: `${login}@school.example`, name: login };

/** A real OpenID Connect provider (oidc-provider) on a free port, with one confidential client. */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * Starts the provider for an app whose public address is `appUrl`. It redirects back to
 * better-auth's callback for the provider id 'oidc'; its development interactions show a
 * login form (any login and password) and then a consent form.
 */
export async function startOidcProvider(appUrl: string): Promise<TestOidcProvider> {
  // Listen first and build the provider for the port we got, so no other server can take it meanwhile.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'markwise-e2e';
  const clientSecret = 'markwise-e2e-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // better-auth sends the secret in the body when none is configured.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        claims: async () => ({ sub, email_verified: true, ...providerUserFor(sub) }),
      };
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['markwise-e2e-cookie-key'] },
    jwks: { keys: [signingKey()] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A fresh RS256 key for the ID tokens, so the provider does not fall back to its shared development key. */
function signingKey(): Record<string, unknown> {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: 'e2e' };
}
