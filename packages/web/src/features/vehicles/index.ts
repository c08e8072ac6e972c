// The router loads this feature's pages from their own modules; other features take only what is below.

export { useVehicleConnection } from './api/get-vehicle.js';
export { vehicleCreateBody } from './components/form/vehicle-form-values.js';
