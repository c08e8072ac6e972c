import type { IncidentUp } from '@safety-shield/contract/device';
import type { DeviceEvidence } from './device-evidence.js';
import type { SimDeviceOptions } from './device-options.js';
import type { Drive } from './drive.js';
import {
  defaultEvidence,
  fitsAnyTime,
  type IncidentEvidence,
  type IncidentOverrides,
  type IncidentType,
  IncidentWaitList,
  incidentPayload,
  pickIncidentType,
} from './incidents.js';
import { hashSeed, PoissonSchedule, type Random, seededRandom } from './random.js';
import type { DeviceSession } from './session.js';

/** Incidents kept while the device cannot send them; beyond this the oldest is forgotten, as a full DVR card would. */
const MAX_QUEUED_INCIDENTS = 1_000;

/** What the device's configuration says about incidents (docs/device-protocol.md, `config`), read at each raise. */
export interface IncidentSettings {
  /** Whether the device raises incidents of this type now: a detection may be switched off (`detections`). */
  detects(type: IncidentType): boolean;
  /** What it keeps of an incident now (`evidence`). */
  evidence(): IncidentEvidence;
}

/**
 * The incidents a device raises (`up/incident`), on demand or by itself at random (`incidentEveryMs`): each is kept
 * until the device is announced on a connection, then sent in order; once the portal acknowledged one, its evidence
 * may go up. One raised by itself waits for a moment of the drive that fits its type, and takes that moment's place
 * and speed. A detection switched off in the configuration is never raised.
 */
export class IncidentReporter {
  readonly counts = { incidents: 0, incidentsAcked: 0 };
  private readonly random: Random;
  private readonly schedule: PoissonSchedule;
  /** Incidents raised and not yet handed to MQTT (offline, or waiting for a publish slot). */
  private readonly queue: Array<{ id: string; payload: IncidentUp }> = [];
  private sending = false;
  private readonly waiting = new IncidentWaitList();
  private stopWatching: (() => void) | undefined;

  constructor(
    options: SimDeviceOptions,
    seed: number,
    private readonly session: DeviceSession,
    private readonly drive: Drive,
    private readonly channels: () => number,
    private readonly evidence: DeviceEvidence,
    private readonly settings: IncidentSettings = { detects: () => true, evidence: () => defaultEvidence(channels()) },
  ) {
    this.random = seededRandom(hashSeed(seed, 'incidents'));
    this.schedule = new PoissonSchedule(this.random, options.incidentEveryMs ?? 0, () => {
      const type = pickIncidentType(this.random, options.incidentMix);
      // The camera does not look for what is switched off: the draw comes to nothing.
      if (!this.settings.detects(type)) return;
      if (fitsAnyTime(type)) this.raise(type);
      else this.waiting.add(type, this.drive.simulatedS);
    });
  }

  /** Starts raising incidents by itself (when `incidentEveryMs` is set). */
  start(): void {
    this.schedule.start();
    this.stopWatching ??= this.drive.onMoment((moment) => {
      const type = this.waiting.take(moment);
      // Switched off while it waited: dropped.
      if (type && this.settings.detects(type))
        this.raise(type, { speed: moment.sample.speed, lat: moment.sample.lat, lng: moment.sample.lng });
    });
  }

  stop(): void {
    this.schedule.stop();
    this.stopWatching?.();
    this.stopWatching = undefined;
  }

  /**
   * Raises an incident now, at the current position and speed, with the pictures and videos the configuration's
   * `evidence` asks for (by default one picture and one 20 s video per channel); any field may be overridden. Returns
   * its message id. Throws for a detection the configuration switched off: the device cannot see it.
   */
  raise(type: IncidentType, overrides: IncidentOverrides = {}): string {
    if (!this.settings.detects(type)) throw new Error(`the detection ${type} is switched off in the device's configuration`);
    return this.file(type, overrides);
  }

  /**
   * Raises an incident of one of the device's own rules (its alarm areas): no camera detection, so the configuration's
   * `detections` never switch it off; its evidence follows `evidence` as any incident's. Returns its message id.
   */
  raiseByRule(type: IncidentType, overrides: IncidentOverrides = {}): string {
    return this.file(type, overrides);
  }

  private file(type: IncidentType, overrides: IncidentOverrides): string {
    const id = this.session.up.nextId();
    const payload = incidentPayload(
      id,
      type,
      {
        sample: this.drive.sample(),
        channels: this.channels(),
        random: this.random,
        now: Date.now(),
        evidence: this.settings.evidence(),
      },
      overrides,
    );
    this.counts.incidents++;
    this.evidence.hold(id, payload.resources ?? [], payload.triggerAt);
    this.queue.push({ id, payload });
    if (this.queue.length > MAX_QUEUED_INCIDENTS) this.queue.shift();
    void this.send();
    return id;
  }

  /** Sends the queued incidents in order while announced on a connection, each once it has a publish slot. */
  async send(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.session.sending && this.queue.length > 0) {
        const client = await this.session.slot();
        if (!client) break;
        const next = this.queue.shift();
        if (!next) {
          this.session.up.release();
          break;
        }
        // Not awaited: mqtt.js resends it after a reconnection until its PUBACK.
        void this.session.up.send(client, 'incident', next.payload, false, next.id).then((ok) => {
          if (!ok) return;
          this.counts.incidentsAcked++;
          this.evidence.filed(next.id, next.payload.resources ?? []);
        });
      }
    } finally {
      this.sending = false;
    }
  }
}
