export { runProjectionsUntilAborted } from './projector/run-projections';
export { allProjections } from './projections';
export { listDeadLetters } from './projector/dead-letters';
export { rebuildBoards } from './boards/rebuild-boards';
export { startJobWorkers, type JobWorkers } from './jobs/workers';
export { replayProjections, type ReplayProgress } from './jobs/replay/replay';
export { boardsMarkerKey } from './boards/boards-watch';
export { startOutbox, type Outbox } from './outbox';
