import { spawn } from 'node:child_process';

/** Runs a command with inherited output, also capturing it; resolves with the exit code and text. */
export function runStep(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options, env: { ...process.env, ...options.env } });
    let output = '';
    const keep = (chunk, stream) => {
      output += chunk;
      stream.write(chunk);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Test counts from the closing lines of jest, vitest and node's test runner. */
export function countTests(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const jest = plain.match(/^Tests:\s+(.*)$/m);
  if (jest) {
    const get = (word) => Number(jest[1].match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
    return { passed: get('passed'), failed: get('failed'), skipped: get('skipped') + get('todo') };
  }
  const vitest = plain.match(/^\s*Tests\s+(.*)$/m);
  if (vitest) {
    const get = (word) => Number(vitest[1].match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
    return { passed: get('passed'), failed: get('failed'), skipped: get('skipped') + get('todo') };
  }
  const pass = plain.match(/^# pass (\d+)$/m);
  if (pass) {
    return {
      passed: Number(pass[1]),
      failed: Number(plain.match(/^# fail (\d+)$/m)?.[1] ?? 0),
      skipped: Number(plain.match(/^# skipped (\d+)$/m)?.[1] ?? 0),
    };
  }
  return { passed: 0, failed: 0, skipped: 0 };
}
