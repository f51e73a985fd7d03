import { Router } from 'express';
import type { CommandDeps } from '../http/context';

/** The opportunities slice's commands (see contracts' routes table). */
export const opportunitiesRouter = (_deps: CommandDeps): Router => Router();
