import { expect } from '@playwright/test';
import { SimDevice } from '@safety-shield/device-sim';
import { bindWhenListed, brokerUrl, companyWithVehicle } from './console.js';

export interface EvidenceDetail {
  eventId: number;
  /** The camera that reported the incident. */
  channel: number | null;
  resources: Array<{ resourceId: number; kind: string; state: number }>;
}

/**
 * A company whose bound, simulated device (one channel unless told, uploading its evidence by itself: a picture and a
 * video per channel, its plate burned in) filed a collision; answers once `ready` holds for the incident's detail. The
 * caller stops the device.
 */
export async function collisionWithEvidence(portal: string, label: string, ready: (detail: EvidenceDetail) => void, channels = 1) {
  const company = await companyWithVehicle(portal, label);
  const { api, key, plate, vehicle, uuid } = company;
  const device = new SimDevice({
    uuid,
    brokerUrl: brokerUrl(),
    provisioningKey: key,
    gpsIntervalMs: 1_000,
    gpsBatch: 1,
    channels,
    uploadEvidence: true,
    plate,
  });
  try {
    expect(await device.start()).toBe(true);
    await bindWhenListed(api, uuid, vehicle.id);
    device.raiseIncident('collision');
    let detail: EvidenceDetail | undefined;
    await expect(async () => {
      const [record] = (await api<{ records: { eventId: number }[] }>('GET', `/v2/event/list?licensePlate=${encodeURIComponent(plate)}`))
        .records;
      expect(record).toBeTruthy();
      detail = await api<EvidenceDetail>('GET', `/v2/event/info?eventId=${record?.eventId}`);
      ready(detail);
    }).toPass({ timeout: 60_000 + (channels - 1) * 15_000 });
    return { ...company, device, detail: detail as EvidenceDetail };
  } catch (error) {
    await device.stop();
    throw error;
  }
}
