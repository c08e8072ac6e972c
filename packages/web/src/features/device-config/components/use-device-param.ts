import { useIdParamState } from '../../../shared/hooks/use-id-param.js';

/** The device a configuration page is about: `?deviceId=` in its URL, so a link opens it and a tab keeps it. */
export const useDeviceParam = () => useIdParamState('deviceId');
