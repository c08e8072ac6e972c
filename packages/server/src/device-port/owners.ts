import { eq } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { device, org } from '../db/schema.js';

const company = alias(org, 'company');
const agent = alias(org, 'agent');

/** The states of a device's company and agent, for a query's selection; `joinOwners` joins them. */
export const ownerStates = { company: company.state, agent: agent.state };

/** Joins a dynamic query on `device` to the device's company and agent (either may be missing). */
export const joinOwners = <Q extends PgSelect>(query: Q) =>
  query.leftJoin(company, eq(company.id, device.belongCompanyId)).leftJoin(agent, eq(agent.id, device.belongAgentId));

/** A device whose company or agent is forbidden may not connect: the adapters refuse it and the port disconnects it. */
export const ownerForbidden = (states: { company: string | null; agent: string | null }) =>
  states.company === 'forbidden' || states.agent === 'forbidden';
