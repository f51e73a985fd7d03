export {
  DEFAULT_KEY_PREFIX,
  runProjections,
  runProjectionsUntilAborted,
  type ProjectorOptions,
} from './projector/run-projections';
export { allProjections } from './projections';
export { listDeadLetters, type DeadLetter } from './projector/dead-letters';
export { rebuildBoards } from './boards/rebuild-boards';
export { refreshBoards, type BoardsTarget } from './boards/refresh-boards';
export { evaluateBadges, type BadgeFacts, type BadgeId } from './projections/badges/badge-rules';
export { startJobWorkers, type JobWorkers, type JobWorkersOptions } from './jobs/workers';
export { replayProjections, type ReplayProgress, type ReplayResult } from './jobs/replay/replay';
export { boardsMarkerKey, watchBoards, type BoardsWatch } from './boards/boards-watch';
