declare const __RELEASE_TIME__: string | undefined;

/** The build's release time, injected by the bundler; a source run (tests, dev) reports its start time. */
export const releaseTime: string =
  typeof __RELEASE_TIME__ === 'string' ? __RELEASE_TIME__ : new Date().toISOString().slice(0, 19).replace('T', ' ');
