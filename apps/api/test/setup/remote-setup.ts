import { startRecording } from './responses';
import { newRunId } from './test-env';

/** Remote mode (jest.remote.config.js): only the folder the responses are recorded into. */
export default function remoteSetup(): void {
  startRecording(newRunId());
}
