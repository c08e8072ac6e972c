import type { UpgradeLogQuery } from '@safety-shield/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { FIRMWARE_KEY } from './packages.js';

export const useUpgradeLog = (query: UpgradeLogQuery) =>
  useQuery({ queryKey: [...FIRMWARE_KEY, 'log', query], queryFn: () => api.firmware.log(query), placeholderData: keepPreviousData });
