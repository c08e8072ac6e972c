import { type AccountLevel, accountLevels, canCall, type Role } from '@safety-shield/contract';
import { registerEndpoint } from '../api/save-account.js';

/** The levels a role may register (the server's rule for each register endpoint), from the top of the chain. */
export const levelsFor = (role: Role | undefined): AccountLevel[] =>
  accountLevels.filter((level) => canCall(role, registerEndpoint[level]));
