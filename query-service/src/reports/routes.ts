import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import { buildPath, routes, type LeaderboardAsOf } from '@campus/contracts';
import {
  NotFoundError,
  requireCaller,
  ServiceUnavailableError,
  withRedisDeadline,
  type Caller,
} from '@campus/infra';
import {
  mayAccessReport,
  reportDownload,
  reportStatus,
  reportSubject,
  streamReport,
  type JobQueues,
  type ReportRequest,
} from '@campus/read-model';
import { mountQuery, queryOf, type QueryDeps } from '../http/context';
import { personVisibility, projectPerson } from '../shared/person-visibility';
import { leaderboardAsOf } from './leaderboard-as-of';

const DEFAULT_REPORTS_DIR = 'var/reports';
const REPORT_NOT_FOUND = 'Report not found';

/**
 * Reports: the CSV endpoints (same code as the report jobs), report job states and their
 * files (admins every report, hosts their organization's impact reports), and leaderboards as of
 * a past date.
 */
export const reportsQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  const reportsDir = deps.reportsDir ?? DEFAULT_REPORTS_DIR;
  const queuesOf = (): JobQueues => {
    if (!deps.jobs) throw new ServiceUnavailableError('The job queues are not configured');
    return deps.jobs;
  };
  const csv =
    (request: ReportRequest, fileName: string) => async (_req: unknown, res: Response) => {
      res.type('text/csv').attachment(fileName);
      await streamReport(deps.pool, request, res);
    };

  mountQuery(router, routes.usersCsv, deps, csv({ kind: 'users' }, 'users.csv'));
  mountQuery(
    router,
    routes.opportunitiesCsv,
    deps,
    csv({ kind: 'opportunities' }, 'opportunities.csv'),
  );

  /**
   * Throws 404 unless the caller may see the report `id` (docs/impact.md): a report someone may
   * not see is answered as one that does not exist.
   */
  const assertMaySee = async (caller: Caller, id: string, queues: JobQueues | null) => {
    if (caller.admin) return;
    const subject = await withRedisDeadline(null, reportSubject(queues, deps.pool, id));
    if (!subject || !(await mayAccessReport(deps.pool, caller, subject))) {
      throw new NotFoundError(REPORT_NOT_FOUND);
    }
  };

  mountQuery(router, routes.getReport, deps, async (req, res) => {
    const id = String(req.params['id']);
    await assertMaySee(requireCaller(req), id, queuesOf());
    const status = await withRedisDeadline(
      null,
      reportStatus(queuesOf(), deps.pool, id, (reportId) =>
        buildPath(routes.downloadReport.path, { id: reportId }),
      ),
    );
    if (!status) throw new NotFoundError(REPORT_NOT_FOUND);
    res.json(status);
  });

  mountQuery(router, routes.downloadReport, deps, async (req, res) => {
    const id = String(req.params['id']);
    // A file is built once its row is written: the read model alone says what it counts.
    await assertMaySee(requireCaller(req), id, null);
    const download = await reportDownload(deps.pool, reportsDir, id);
    const size = download
      ? await stat(download.path).then(
          (s) => s.size,
          () => null,
        )
      : null;
    if (!download || size === null) throw new NotFoundError(REPORT_NOT_FOUND);
    res.type('text/csv').attachment(download.fileName).set('content-length', String(size));
    await pipeline(createReadStream(download.path), res);
  });

  mountQuery(router, routes.getLeaderboardAsOf, deps, async (req, res) => {
    const query = queryOf(routes.getLeaderboardAsOf, req);
    const caller = requireCaller(req);
    const board = await leaderboardAsOf(deps.pool, query, deps.config.LAUNCH_DATE);
    // Individual boards list people; organization boards list organizations.
    const body: LeaderboardAsOf =
      query.board === 'individuals'
        ? {
            ...board,
            entries: board.entries.map(({ rank, id, name, points }) =>
              projectPerson({ rank, id, name, points }, personVisibility(caller, id)),
            ),
          }
        : board;
    res.json(body);
  });

  return router;
};
