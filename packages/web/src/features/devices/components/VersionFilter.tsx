import { SelectFilter } from '../../../shared/ui/list/index.js';
import { useDeviceVersions } from '../api/get-device-versions.js';

/** The firmware versions devices run as a select's choices, each with how many devices run it. */
export function useVersionOptions() {
  const versions = useDeviceVersions();
  return {
    loading: versions.isPending,
    options: (versions.data ?? []).map(({ version, count }) => ({ value: version, label: `${version} (${count})` })),
  };
}

/** A list's filter by the firmware version devices run. */
export function VersionFilter({ label, width }: { label: string; width: number }) {
  const versions = useVersionOptions();
  return <SelectFilter name="version" label={label} width={width} showSearch {...versions} />;
}
