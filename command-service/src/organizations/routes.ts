import { Router } from 'express';
import type { CommandDeps } from '../http/context';

/** The organizations slice's commands (see contracts' routes table). */
export const organizationsRouter = (_deps: CommandDeps): Router => Router();
