import type { DvrSpanBody } from '@safety-shield/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** The recorded segments of one channel on one UTC day, asked from the device. */
export function useDvrIndex(licensePlate: string | undefined, channel: number, day: string, deviceOnline: boolean) {
  return useQuery({
    queryKey: ['dvr', 'index', licensePlate, channel, day],
    queryFn: () => api.dvr.index({ licensePlate: licensePlate ?? '', channel, day }),
    enabled: Boolean(licensePlate) && deviceOnline,
    retry: false,
  });
}

/** Playback of a recorded span: a live session. */
export const playDvr = (body: DvrSpanBody) => api.dvr.play(body);

/** Asks the device to upload a span (≤ 5 min) as evidence. */
export const uploadDvr = (body: DvrSpanBody) => api.dvr.upload(body);

/** The evidence tasks of the incident the upload was filed under, polled until the task is settled. */
export function useUploadTasks(eventId: number | undefined) {
  return useQuery({
    queryKey: ['dvr', 'tasks', eventId],
    queryFn: () => api.evidenceRequest.list({ eventId: eventId ?? 0 }),
    enabled: eventId !== undefined,
    refetchInterval: 2_000,
  });
}
