import {
  authEmulatorHost,
  freePort,
  spawnServiceProcess,
  type ServiceProcess,
} from '@campus/infra/testing';
import { BENCH_ADMIN_EMAIL, startBenchStack, type BenchStack } from '../shared/stack';

/** The student the browser signs in as (registered, so sign-in lands on /opportunities). */
export const UI_STUDENT_EMAIL = 'bench-ui-student@university.edu';
const OPPORTUNITIES = 6;

export type GatewayProcess = {
  readonly url: string;
  readonly pid: number | undefined;
  readonly check: ServiceProcess['check'];
  readonly stop: () => Promise<void>;
};

/**
 * The product's gateway started from its entry point (infra/src/gateway/main.ts), as
 * `infra/scripts/start.sh` runs it: serving the built UI in `staticDir` (none: service paths
 * only) in front of the stack's command and query services.
 */
export const startGateway = async (
  stack: Pick<BenchStack, 'commandUrl' | 'queryUrl'>,
  staticDir: string | null,
): Promise<GatewayProcess> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const gateway: ServiceProcess = spawnServiceProcess(
    'gateway',
    {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      LOG_LEVEL: 'warn',
      GATEWAY_PORT: String(port),
      COMMAND_URL: stack.commandUrl,
      QUERY_URL: stack.queryUrl,
      ...(staticDir ? { STATIC_DIR: staticDir } : {}),
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
    },
    { script: 'infra/src/gateway/main.ts' },
  );
  try {
    await gateway.waitHealthy(url);
  } catch (error) {
    await gateway.stop();
    throw error;
  }
  return { url, pid: gateway.child.pid, check: gateway.check, stop: () => gateway.stop() };
};

export type UiStack = {
  readonly stack: BenchStack;
  /** The approved, upcoming opportunities the pages list. */
  readonly opportunityIds: readonly string[];
  readonly stop: () => Promise<void>;
};

/**
 * The bench's backend (shared/stack.ts) with a few approved opportunities and a registered
 * student, caught up, so the signed-in pages have content to show.
 */
export const startUiStack = async (): Promise<UiStack> => {
  const stack = await startBenchStack('frontend');
  try {
    const admin = await stack.registerUser(BENCH_ADMIN_EMAIL);
    await stack.registerUser(UI_STUDENT_EMAIL);
    const opportunityIds = await stack.createOpportunities(admin, OPPORTUNITIES, {
      totalSlots: 20,
      daysAhead: 14,
    });
    await stack.caughtUp(120_000);
    return { stack, opportunityIds, stop: () => stack.stop() };
  } catch (error) {
    await stack.stop().catch(() => undefined);
    throw error;
  }
};
