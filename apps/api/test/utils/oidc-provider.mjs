/**
 * A real OpenID provider for the sign-in tests: the certified `oidc-provider` package on a local
 * port. ESM only, so the API's jest suites run it in a worker thread (oidc-provider-worker.ts) and
 * the browser tests import it as is.
 *
 * A person signs in at /interaction/{uid}: the form there (or a GET of /interaction/{uid}/login
 * with the same fields) says who he is at the provider (`sub`, `email`, `email_verified`, `name`);
 * /interaction/{uid}/abort is his 'no'. Consent is taken as given. WKFlow sees only what a provider sends: the redirect with a code, the
 * token and userinfo answers.
 */
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Starts the provider on 127.0.0.1 (`port` 0: any free one); answers its issuer URL and `stop()`. */
export async function startOidcProvider({ port = 0, clientId, clientSecret, redirectUris }) {
  const accounts = new Map();
  const server = createServer();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    findAccount: (_ctx, sub) => (accounts.has(sub) ? { accountId: sub, claims: () => ({ sub, ...accounts.get(sub) }) } : undefined),
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Consent is not the subject here: every grant holds the scopes WKFlow asks for.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['wkflow-test-provider'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });
  // Its own logs of expected failures (a replayed code) would only be noise in the test output.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error));

  const handle = provider.callback();
  server.on('request', async (req, res) => {
    const url = new URL(req.url, issuer);
    const match = /^\/interaction\/([^/]+)(\/login|\/abort)?$/.exec(url.pathname);
    if (!match) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (!match[2]) {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><html lang="en"><head><title>Test provider</title></head><body>
<form method="get" action="/interaction/${escapeHtml(details.uid)}/login">
<label>Subject <input name="sub" required></label>
<label>E-mail <input name="email"></label>
<label>Verified <input type="checkbox" name="email_verified" value="true" checked></label>
<label>Name <input name="name"></label>
<button type="submit">Sign in at the provider</button></form></body></html>`);
        return;
      }
      if (match[2] === '/abort') {
        // The person said no at the provider: WKFlow gets error=access_denied.
        await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' });
        return;
      }
      const sub = url.searchParams.get('sub');
      if (!sub) {
        res.statusCode = 400;
        res.end('sub is required');
        return;
      }
      accounts.set(sub, {
        email: url.searchParams.get('email') ?? undefined,
        email_verified: url.searchParams.get('email_verified') === 'true',
        name: url.searchParams.get('name') ?? undefined,
      });
      await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
    } catch (error) {
      res.statusCode = 400;
      res.end(String(error?.message ?? error));
    }
  });

  return {
    issuer,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
