import { describe, expect, it } from 'vitest';
import { PLATE_PATTERN, vehicleCreateBody } from './vehicle-form-values.js';

describe('the vehicle form', () => {
  it('accepts plates as the contract does', () => {
    for (const plate of ['AB 12345', 'EL-123.4', 'A·12345', '7']) expect(PLATE_PATTERN.test(plate), plate).toBe(true);
    for (const plate of [' AB1', '-AB', 'AB_1', '']) expect(PLATE_PATTERN.test(plate), plate).toBe(false);
  });

  it('sends trimmed texts, empty ones as null, and 0 km when no mileage was typed', () => {
    expect(vehicleCreateBody({ licensePlate: ' AB 123 ', brand: '  ', model: ' Actros ' }, 7)).toEqual({
      fleetId: 7,
      licensePlate: 'AB 123',
      brand: null,
      model: 'Actros',
      kindName: null,
      useFor: null,
      initialMileageKm: 0,
      attribution: null,
      address: null,
      customer: null,
    });
  });
});
