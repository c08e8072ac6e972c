import type { CampaignCreateBody, CampaignListQuery, Page, UpgradeCampaign } from '@safety-shield/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';
import { FIRMWARE_KEY, PACKAGES_KEY } from './packages.js';

export const CAMPAIGNS_KEY = [...FIRMWARE_KEY, 'campaigns'] as const;
/** The task manager's queries: a campaign is a device task, its rows and counts live there too. */
const TASKS_KEY = ['device-tasks'] as const;

export const useCampaigns = (query: CampaignListQuery) =>
  useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'list', query],
    queryFn: () => api.firmware.campaigns(query),
    placeholderData: keepPreviousData,
  });

export const useCampaign = (taskId: number | undefined) =>
  useQuery({
    queryKey: [...CAMPAIGNS_KEY, 'info', taskId],
    queryFn: () => api.firmware.campaign({ taskId: taskId ?? 0 }),
    enabled: taskId !== undefined,
  });

/** A new campaign: the package's campaign count and the task lists change with it. */
export const useCreateCampaign = () =>
  useRefreshingMutation((body: CampaignCreateBody) => api.firmware.createCampaign(body), [CAMPAIGNS_KEY, PACKAGES_KEY, TASKS_KEY]);

export type CampaignControlAction = 'pause' | 'resume' | 'abort';

export const useControlCampaign = () =>
  useRefreshingMutation(
    ({ action, taskId }: { action: CampaignControlAction; taskId: number }) => api.firmware[action]({ taskId }),
    [CAMPAIGNS_KEY, TASKS_KEY],
  );

/** A pushed task's new counts, written into the cached campaigns (the control and stage come with the next read). */
export function applyCampaignProgress(queryClient: QueryClient, update: Pick<UpgradeCampaign, 'state' | 'counts'> & { taskId: number }) {
  const patch = (campaign: UpgradeCampaign): UpgradeCampaign =>
    campaign.id === update.taskId ? { ...campaign, state: update.state, counts: update.counts } : campaign;
  queryClient.setQueriesData<Page<UpgradeCampaign>>({ queryKey: [...CAMPAIGNS_KEY, 'list'] }, (page) =>
    page ? { ...page, records: page.records.map(patch) } : page,
  );
  queryClient.setQueryData<UpgradeCampaign>([...CAMPAIGNS_KEY, 'info', update.taskId], (campaign) =>
    campaign ? patch(campaign) : campaign,
  );
}
