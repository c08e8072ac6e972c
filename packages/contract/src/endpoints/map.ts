import { MapConfig } from '../api/vehicle.js';
import { endpoints } from '../endpoint.js';

/** The map background every map page draws on. */
export const mapApi = endpoints('system', {
  config: {
    method: 'GET',
    path: '/v1/system/map',
    summary: 'Where map tiles come from (null: draw maps without tiles)',
    access: 'session',
    response: MapConfig,
  },
});
