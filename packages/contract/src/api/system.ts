import { type Static, Type } from 'typebox';
import { Nullable } from './common.js';

/** Maintenance mode: console users land on /maintenance and the API refuses them; the Super Admin keeps working. */
export const MaintenanceState = Type.Object({
  on: Type.Boolean(),
  /** Shown on the maintenance page. */
  message: Nullable(Type.String({ maxLength: 500 })),
});
export type MaintenanceState = Static<typeof MaintenanceState>;
