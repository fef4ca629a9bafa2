import { once } from 'node:events';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface TestProvider {
  issuer: string;
  /** Closes the provider's port: the API then finds it down. */
  stop(): Promise<void>;
}

/**
 * The test OpenID provider (utils/oidc-provider.mjs, the `oidc-provider` package) in a worker
 * thread of this process: it ships ES modules only, which jest's CommonJS cannot import.
 */
export async function startTestProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}): Promise<TestProvider> {
  // Its start-up notices (development keys, in-memory storage) are the point of a test provider: not shown.
  const worker = new Worker(join(__dirname, 'oidc-provider-thread.mjs'), { workerData: options, stdout: true, stderr: true });
  worker.stdout.resume();
  worker.stderr.resume();
  const [started] = (await Promise.race([once(worker, 'message'), once(worker, 'error').then(([error]) => Promise.reject(error))])) as [
    { issuer: string },
  ];
  return {
    issuer: started.issuer,
    stop: async () => {
      worker.postMessage('stop');
      await once(worker, 'message'); // its port is closed
      await worker.terminate();
    },
  };
}
