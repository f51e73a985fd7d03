import { Router } from 'express';
import type { CommandDeps } from '../http/context';

/** The friendships slice's commands (see contracts' routes table). */
export const friendshipsRouter = (_deps: CommandDeps): Router => Router();
