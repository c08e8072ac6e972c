import { type Static, Type } from 'typebox';
import { AgentRef, counts, EpochMs, Id, Nullable, PageQuery, TextFilter, TimeRange } from './common.js';

export const plans = ['basic', 'standard', 'premium'] as const;
export const SubscriptionState = Type.Enum(['active', 'suspended', 'ended']);
export type SubscriptionState = Static<typeof SubscriptionState>;

export const SubscriptionRecord = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  companyName: Nullable(Type.String()),
  ...AgentRef,
  plan: Type.Enum(plans),
  deviceQuota: Type.Integer(),
  ...TimeRange,
  state: SubscriptionState,
  createTime: EpochMs,
});
export type SubscriptionRecord = Static<typeof SubscriptionRecord>;

export const SubscriptionListQuery = Type.Object({ ...PageQuery, companyId: Type.Optional(Id), state: Type.Optional(SubscriptionState) });
export type SubscriptionListQuery = Static<typeof SubscriptionListQuery>;

const terms = { plan: Type.Enum(plans), deviceQuota: Type.Integer({ minimum: 0, maximum: 1_000_000 }), ...TimeRange };
export const SubscriptionCreateBody = Type.Object({ companyId: Id, ...terms });
export type SubscriptionCreateBody = Static<typeof SubscriptionCreateBody>;

export const SubscriptionUpdateBody = Type.Object({ id: Id, ...terms });
export type SubscriptionUpdateBody = Static<typeof SubscriptionUpdateBody>;

export const SubscriptionStateBody = Type.Object({ id: Id, state: SubscriptionState });
export type SubscriptionStateBody = Static<typeof SubscriptionStateBody>;

/** One company's use of the platform in a month. */
export const UsageRecord = Type.Object({
  companyId: Type.Integer(),
  companyName: Type.String(),
  agentName: Nullable(Type.String()),
  /** The device quota of the company's active subscription, if any. */
  deviceQuota: Nullable(Type.Integer()),
  ...counts('devices', 'storageBytes', 'liveMinutes', 'apiCalls'),
});
export type UsageRecord = Static<typeof UsageRecord>;

export const UsageQuery = Type.Object({
  ...PageQuery,
  month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM (UTC)' }),
  name: TextFilter,
});
export type UsageQuery = Static<typeof UsageQuery>;
