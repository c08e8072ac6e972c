import type { FirmwareListQuery } from '@safety-shield/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const FIRMWARE_KEY = ['firmware'] as const;
export const PACKAGES_KEY = [...FIRMWARE_KEY, 'packages'] as const;

/** The firmware library, newest first. */
export const usePackages = (query: FirmwareListQuery) =>
  useQuery({ queryKey: [...PACKAGES_KEY, query], queryFn: () => api.firmware.packages(query), placeholderData: keepPreviousData });

/** A package no campaign uses. */
export const useRemovePackage = () => useRefreshingMutation((id: number) => api.firmware.removePackage({ id }), [PACKAGES_KEY]);
