import 'server-only';
import type { Database } from '@/lib/server/db/database';
import {
  buildRequest,
  checkAnswer,
  cookieMaker,
  handlerFor,
  tableSnapshot,
  type Answer,
  type AnswerRules,
  type BuiltRequest,
  type CookiePlan,
  type RequestSpec,
  type ResolvedCookie,
  type TableSnapshot,
} from './api-arbitraries';
import { fuzzSettings, type FuzzSettings } from './fuzz-settings';
import { addStaff, type StaffAccount, type StaffInput } from './staff-fixture';

// What every property test file (`app/api/**/*.property.test.ts`) sets up the same way: its
// database, a staff account whose sessions the cookie plans carry and a disabled one, the fuzz
// settings, and the one way a generated request reaches a route. The lib modules are imported in
// the hooks, after the test file's env module has chosen the database.

/** An answer's rules, the method aside (the spec's). */
export type RouteRules = Omit<AnswerRules, 'method'>;

/** A request sent, and what it did. */
export interface Sent {
  built: BuiltRequest;
  cookie: ResolvedCookie;
  response: Response;
  /** The answer as `checkAnswer` read it (which passed every check of any answer). */
  answer: Answer;
  before: TableSnapshot;
  after: TableSnapshot;
}

export interface SendOptions {
  /** The id the spec's `{id}` stands for. */
  id?: string | null;
  /** The handler's second argument, when it is not the id's. */
  context?: BuiltRequest['context'];
  /** False: send no cookie at all, whatever the plan (a route whose credential is a token). */
  cookie?: boolean;
}

export interface PropertyHarness {
  settings: FuzzSettings;
  /** The file's database (once the harness's `beforeAll` has run). */
  db(): Database;
  /** The enabled account: the sessions of valid cookie plans are its. */
  staff(): StaffAccount;
  /** The Cookie header of a plan, with the sessions it needs made in the database. */
  makeCookie(plan: CookiePlan): Promise<ResolvedCookie>;
  /**
   * Sends a spec to a route module as Next would dispatch it, its cookie made; snapshots the
   * tables either side and checks what every answer must pass.
   */
  send(route: object, spec: RequestSpec, rules: RouteRules, options?: SendOptions): Promise<Sent>;
}

/**
 * The harness of one property test file, its hooks registered where it is called: `enabled` carries
 * the sessions, `disabled` is disabled once made, `others` are made alongside (all with the
 * fixture's password unless given).
 */
export function propertyHarness(
  file: string,
  staff: { enabled: StaffInput; disabled: StaffInput; others?: StaffInput[] },
): PropertyHarness {
  const settings = fuzzSettings(file);
  let connection: typeof import('@/lib/server/db/connection');
  let db: Database;
  let enabled: StaffAccount;
  let makeCookie: Awaited<ReturnType<typeof cookieMaker>>;

  beforeAll(async () => {
    connection = await import('@/lib/server/db/connection');
    const { disableAccount } = await import('@/lib/server/auth/accounts');
    db = await connection.database();
    const [made, disabled] = await Promise.all(
      [staff.enabled, staff.disabled, ...(staff.others ?? [])].map((input) => addStaff(db, input)),
    );
    enabled = made!;
    await disableAccount(db, disabled!.loginId);
    makeCookie = await cookieMaker(db, { enabledId: enabled.id, disabledId: disabled!.id });
  });

  afterAll(async () => {
    if (connection) await (await connection.databaseHandle()).close();
  });

  async function send(
    route: object,
    spec: RequestSpec,
    rules: RouteRules,
    options: SendOptions = {},
  ): Promise<Sent> {
    const cookie =
      options.cookie === false ? { header: null, sessionId: null } : await makeCookie(spec.cookie);
    const built = buildRequest(spec, { cookie: cookie.header, id: options.id });
    const before = await tableSnapshot(db);
    const response = await handlerFor(route, spec.method)(
      built.request,
      options.context ?? built.context,
    );
    const answer = await checkAnswer(response, { method: spec.method, ...rules });
    const after = await tableSnapshot(db);
    return { built, cookie, response, answer, before, after };
  }

  return {
    settings,
    db: () => db,
    staff: () => enabled,
    makeCookie: (plan) => makeCookie(plan),
    send,
  };
}
