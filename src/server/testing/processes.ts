import { freePort, type Instance, startInstance } from './instances';

/**
 * One real RevDesk process for the crash tests (src/server/crash.api.test.ts): started on a
 * free port with the environment given, resolved once it is running.
 */
export type RevDeskProcess = Instance;

export async function startRevDesk(env: Record<string, string>): Promise<RevDeskProcess> {
  const instance = startInstance(await freePort(), { LOG_LEVEL: 'warn', ...env });
  await instance.ready;
  return instance;
}
