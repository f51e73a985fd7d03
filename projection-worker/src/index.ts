export { runProjections, runProjectionsUntilAborted } from './projector/run-projections';
export { allProjections } from './projections';
