import type {
  DeviceLockRecord,
  LockBatchBody,
  LockLinkBody,
  LockListQuery,
  LockSaveBody,
  PublicLockBody,
  TamperQuery,
} from '@safety-shield/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';
import { useQueryOnceKnown } from '../../../shared/http/query.js';

export const LOCKS_KEY = ['device-locks'] as const;
const LINKS_KEY = ['device-lock-links'] as const;
export const PUBLIC_LOCKS_KEY = ['device-locks-public'] as const;

/** What the device says is not yet what the portal wants (a device that never reported counts as unlocked). */
export const isPending = (record: Pick<DeviceLockRecord, 'locked' | 'reportedLocked'>) =>
  record.locked !== (record.reportedLocked ?? false);

/** PIN unlocks of the device wait (too many wrong PINs): an unlock would only be refused. */
export const isBlocked = (record: Pick<DeviceLockRecord, 'locked' | 'blockedUntil'>, now = Date.now()) =>
  record.locked && record.blockedUntil !== null && record.blockedUntil > now;

/** While a device has yet to confirm, the list is read often; otherwise now and then (a driver's refused action shows up). */
const PENDING_POLL_MS = 5_000;
const QUIET_POLL_MS = 30_000;

export const useLockList = (query: LockListQuery, enabled: boolean) =>
  useQuery({
    queryKey: [...LOCKS_KEY, query],
    queryFn: () => api.deviceLock.list(query),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (current) => (current.state.data?.records.some(isPending) ? PENDING_POLL_MS : QUIET_POLL_MS),
  });

export const useTampers = (query: TamperQuery | undefined) =>
  useQueryOnceKnown([...LOCKS_KEY, 'tampers'], query, (known) => api.deviceLock.tampers(known));

/** A PIN action answers its own refusals in its dialog (wrong PIN, blocked): silent. */
export const useSaveLock = () => useRefreshingMutation((body: LockSaveBody) => api.deviceLock.save(body, { silent: true }), [LOCKS_KEY]);

export const useBatchLock = () =>
  useRefreshingMutation((body: LockBatchBody) => api.deviceLock.batchSave(body, { silent: true }), [LOCKS_KEY]);

export const useLockLinks = (enabled: boolean) => useQuery({ queryKey: LINKS_KEY, queryFn: () => api.deviceLock.links(), enabled });

export const useIssueLink = () => useRefreshingMutation((body: LockLinkBody) => api.deviceLock.issueLink(body), [LINKS_KEY]);

export const useRevokeLink = () => useRefreshingMutation((id: number) => api.deviceLock.revokeLink({ id }), [LINKS_KEY]);

/** Installers poll gently: the public calls share the login's pace per address. */
const PUBLIC_PENDING_POLL_MS = 10_000;

/** The devices an installer link opens (no session). Silent: the page says what a refused link means. */
export const usePublicLocks = (token: string | null) =>
  useQuery({
    queryKey: [...PUBLIC_LOCKS_KEY, token],
    queryFn: () => api.deviceLock.publicList({ token: token ?? '' }, { silent: true }),
    enabled: !!token,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (current) => (current.state.data?.records.some(isPending) ? PUBLIC_PENDING_POLL_MS : false),
  });

export const usePublicSave = () =>
  useRefreshingMutation((body: PublicLockBody) => api.deviceLock.publicSave(body, { silent: true }), [PUBLIC_LOCKS_KEY]);
