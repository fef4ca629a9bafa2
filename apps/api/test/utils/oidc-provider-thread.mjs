/** Runs the test OpenID provider (ESM only) in a worker thread of a jest suite: see oidc-provider-worker.ts. */
import { parentPort, workerData } from 'node:worker_threads';
import { startOidcProvider } from './oidc-provider.mjs';

const provider = await startOidcProvider(workerData);
parentPort.on('message', async (message) => {
  if (message !== 'stop') return;
  await provider.stop();
  parentPort.postMessage('stopped');
});
parentPort.postMessage({ issuer: provider.issuer });
