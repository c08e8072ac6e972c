import { UPLOAD_RECEIVED } from '@safety-shield/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pushClient } from '../../../shared/push/index.js';
import { incidentQuery } from '../api/get-incident.js';
import { evidenceTasksQuery } from './api/evidence-requests.js';

/**
 * The upload states pushed for one incident's evidence while mounted (`{type:'uploads', eventId, on:true}`), by
 * resource id. A file that reached the portal (4) or failed reloads the incident and its requests, so the detail page
 * shows the new file without a reload.
 */
export function useUploadProgress(eventId: number): Readonly<Record<number, number>> {
  const queryClient = useQueryClient();
  const [states, setStates] = useState<Record<number, number>>({});
  useEffect(() => {
    setStates({});
    return pushClient().watchUploads(eventId, (push) => {
      setStates((current) => ({ ...current, [push.resourceId]: push.state }));
      if (push.state === UPLOAD_RECEIVED || push.state === -1) {
        void queryClient.invalidateQueries({ queryKey: incidentQuery(eventId).queryKey });
        void queryClient.invalidateQueries({ queryKey: evidenceTasksQuery(eventId).queryKey });
      }
    });
  }, [eventId, queryClient]);
  return states;
}
