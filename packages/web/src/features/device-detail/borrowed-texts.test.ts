import { readFileSync } from 'node:fs';
import path from 'node:path';
import { configProps, configStatuses, deviceAlertStates, deviceFaultCodes } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';

/**
 * The device pages name faults, alert states and configuration statuses (incident types' names are the contract's) with the texts of the
 * features that own them, read by key (all features' texts are loaded together): a renamed key there fails here,
 * not silently on screen.
 */
const english = (feature: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '..', feature, 'i18n', 'en.json'), 'utf8')) as Record<string, unknown>;

const lookup = (texts: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

describe('texts the device pages borrow by key', () => {
  it.each([
    ['device-alerts', ['deviceAlerts.channel', ...deviceFaultCodes.map((code) => `deviceAlerts.codes.${code}`)]],
    ['device-alerts', deviceAlertStates.map((state) => `deviceAlerts.states.${state}`)],
    ['incidents', ['events.review.unread', 'events.review.reviewed']],
    // Issue 29: the device's page and the device monitor link the runtime logs by their name.
    ['runtime-logs', ['runtimeLogs.title']],
    [
      'device-config',
      [...configStatuses.map((status) => `deviceConfig.status.${status}`), ...configProps.map((prop) => `deviceConfig.prop.${prop}`)],
    ],
  ] as const)('exist in %s', (feature, keys) => {
    const texts = english(feature);
    expect(keys.filter((key) => typeof lookup(texts, key) !== 'string')).toEqual([]);
  });
});
