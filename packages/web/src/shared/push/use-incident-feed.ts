import { useEffect, useRef } from 'react';
import type { IncidentPush } from './push-client.js';
import { pushClient } from './push-singleton.js';

/**
 * Calls `onIncident` for every new incident in the caller's scope while mounted, over the console's one WebSocket
 * (it asks the server for them with {type:'incidents', on:true} and turns them off when the last page lets go).
 */
export function useIncidentFeed(onIncident: (incident: IncidentPush) => void): void {
  const latest = useRef(onIncident);
  latest.current = onIncident;
  useEffect(() => pushClient().watchIncidents((incident) => latest.current(incident)), []);
}
