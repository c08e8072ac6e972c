import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import { UpgradeCampaigns } from './campaigns.js';
import { FirmwarePackages } from './packages.js';
import { firmwareRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Upgrade campaigns; the device intake hands them the hellos and the devices' `upgradeProgress`. */
    upgrades: UpgradeCampaigns;
  }
}

/** Campaigns past their end time are expired at least this often (and whenever they are read). */
const SWEEP_MS = 60_000;

/** What the firmware module takes of the platform: the package links it sends name the portal's public address. */
type FirmwarePlatform = { db: Db; deviceCommands: DeviceCommands; publicUrl: () => string; store: ObjectStore; signer: ObjectSigner };

/** Firmware packages and upgrade campaigns (docs/device-protocol.md, `upgrade`). */
export const firmwareModule = fp(
  async (app: FastifyInstance, { db, deviceCommands, publicUrl, store, signer }: FirmwarePlatform) => {
    const packages = new FirmwarePackages(db, store);
    const campaigns = new UpgradeCampaigns(db, deviceCommands, publicUrl, packages, signer, app.deviceTasks, app.log);
    app.decorate('upgrades', campaigns);
    await app.register(firmwareRoutes, { db, packages, campaigns });
    const sweep = setInterval(() => {
      campaigns.expireDue().catch((err: unknown) => app.log.error({ err }, 'campaign expiry sweep failed'));
    }, SWEEP_MS).unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'firmware', dependencies: ['device-tasks'] },
);

export { upgradeFigures } from './figures.js';
export { FIRMWARE_TYPE } from './packages.js';
