// The router loads this feature's pages from their own modules; other features take only what is below.
export { vehicleCreateBody } from './components/form/vehicle-form-values.js';
export { useVehicleConnection } from './api/get-vehicle.js';
