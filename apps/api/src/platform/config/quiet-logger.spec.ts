import { StartupQuietLogger } from './quiet-logger';

describe('StartupQuietLogger', () => {
  function written(showStartup: boolean, ...calls: [string, string][]): string {
    const chunks: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    });
    try {
      const logger = new StartupQuietLogger({ showStartup, colors: false });
      for (const [message, context] of calls) logger.log(message, context);
    } finally {
      spy.mockRestore();
    }
    return chunks.join('');
  }

  it("drops Nest's module and route lines but keeps the application's own", () => {
    const out = written(
      false,
      ['Mapped {/api/tasks, GET} route', 'RouterExplorer'],
      ['AppModule dependencies initialized', 'InstanceLoader'],
      ['Fila de e-mail pronta', 'EmailService'],
    );
    expect(out).not.toContain('Mapped');
    expect(out).not.toContain('dependencies initialized');
    expect(out).toContain('Fila de e-mail pronta');
  });

  it('shows them when asked (LOG_LEVEL debug)', () => {
    expect(written(true, ['Mapped {/api/tasks, GET} route', 'RouterExplorer'])).toContain('Mapped {/api/tasks, GET} route');
  });
});
