import { Router } from 'express';
import type { CommandDeps } from '../http/context';

/** The admin slice's commands (see contracts' routes table). */
export const adminRouter = (_deps: CommandDeps): Router => Router();
