import { type AccountLevel, accountLevels, levelRegistrars, type Role } from '@safety-shield/contract';

/** The levels a role may register (the contract's levelRegistrars), from the top of the chain. */
export const levelsFor = (role: Role | undefined): AccountLevel[] =>
  role ? accountLevels.filter((level) => levelRegistrars[level].includes(role)) : [];
