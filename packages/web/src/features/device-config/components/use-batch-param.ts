import { TASK_MAX_DEVICES } from '@safety-shield/contract';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEVICE_FILTERS, deviceFilters } from '../../devices/index.js';
import type { BatchTarget } from './BatchEditor.js';

/**
 * A batch named in the editor's URL: `?deviceIds=1,2,3` (the rows ticked in the device list) or `?batch=filter` with
 * the device list's filters (every device they select). Anything else: no batch.
 */
export function useBatchParam(): BatchTarget | undefined {
  const [search] = useSearchParams();
  return useMemo(() => {
    const ids = search.get('deviceIds');
    if (ids) {
      const deviceIds = [...new Set(ids.split(',').map(Number))].filter((id) => Number.isInteger(id) && id > 0).slice(0, TASK_MAX_DEVICES);
      return deviceIds.length > 0 ? { deviceIds } : undefined;
    }
    if (search.get('batch') !== 'filter') return undefined;
    const filters = Object.fromEntries(DEVICE_FILTERS.flatMap((key) => (search.get(key) ? [[key, search.get(key) ?? '']] : [])));
    return { filter: deviceFilters(filters) };
  }, [search]);
}
