import { type ConfigProp, type ConfigSettings, configProps, settingDiffers } from '@safety-shield/contract';

/** A document without its APN password, and the password apart (sealed at rest, never answered). */
export function withoutPassword(settings: ConfigSettings): { settings: ConfigSettings; password: string | undefined } {
  if (!settings.apn || settings.apn.password === undefined) return { settings, password: undefined };
  const { password, ...apn } = settings.apn;
  return { settings: { ...settings, apn }, password };
}

/** Only the properties a document names (a property set to undefined is not named). */
export function named(settings: ConfigSettings): ConfigSettings {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as ConfigSettings;
}

/**
 * The document after a change: partial, the named properties replace the base's (video channel by channel: a change
 * naming camera 1 keeps camera 2's settings); whole, the change is the document.
 */
export function merged(base: ConfigSettings, change: ConfigSettings, partial: boolean): ConfigSettings {
  if (!partial) return named(change);
  const next = { ...named(base), ...named(change) };
  if (change.video && base.video) {
    const changed = new Set(change.video.map((entry) => entry.channel));
    next.video = [...base.video.filter((entry) => !changed.has(entry.channel)), ...change.video].sort((a, b) => a.channel - b.channel);
  }
  return next;
}

/** The properties whose value differs between two documents (keys in the contract's order). */
export function changedProps(before: ConfigSettings, after: ConfigSettings): ConfigProp[] {
  return configProps.filter((prop) => settingDiffers(prop, before, after));
}

/** Only the properties asked for. */
export function picked(settings: ConfigSettings, props: readonly ConfigProp[] | undefined): ConfigSettings {
  if (!props) return settings;
  return Object.fromEntries(props.filter((prop) => settings[prop] !== undefined).map((prop) => [prop, settings[prop]])) as ConfigSettings;
}
