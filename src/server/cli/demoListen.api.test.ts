import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, type Instance, startInstance } from '../testing/instances';
import '../testing/provided';

/**
 * Demo mode prints every demo officer and their shared password on the sign-in page, so with
 * HOST unset it listens on this machine only (config.ts): nobody on the office network can
 * browse to it. Demo data is PGlite's, so this runs once, in the PGlite project.
 */
const kind = inject('testDatabaseKind');

/** This machine's own addresses other than loopback: where an office colleague would connect. */
function outsideAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')
    .map((entry) => (entry as os.NetworkInterfaceInfo).address);
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.skipIf(kind !== 'pglite')('demo mode with HOST unset', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-demo-listen-'));
  let server: Instance | null = null;

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only', { timeout: 120_000 }, async () => {
    const port = await freePort();
    server = startInstance(port, { HOST: '', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await server.ready;

    expect(server.output()).toContain(`Server listening at http://127.0.0.1:${port}`);
    expect(await connects('127.0.0.1', port)).toBe(true);
    for (const address of outsideAddresses()) {
      expect(await connects(address, port), `reachable at ${address}`).toBe(false);
    }
  });
});
