import { describe, expect, it } from 'vitest';
import { incidentFilters } from './filters.js';

describe('incident list filters from the URL', () => {
  it('reads times, plate, scope, several types and tags, review state and speeds', () => {
    expect(
      incidentFilters({
        from: '1000',
        to: '2000',
        plate: 'AB123',
        companyId: '4',
        fleetId: '9',
        type: 'collision,fatigue',
        tag: '3,7',
        review: 'unread',
        minSpeed: '0',
        maxSpeed: '80.5',
      }),
    ).toEqual({
      startTime: 1000,
      endTime: 2000,
      licensePlate: 'AB123',
      companyId: 4,
      fleetId: 9,
      type: ['collision', 'fatigue'],
      tagId: [3, 7],
      reviewState: 'unread',
      minSpeed: 0,
      maxSpeed: 80.5,
    });
  });

  it('leaves out unknown types, bad ids, review states and speeds instead of sending them', () => {
    expect(
      incidentFilters({ type: 'meteor,collision', tag: 'x,-1', review: 'maybe', minSpeed: '-3', maxSpeed: 'fast', companyId: '0' }),
    ).toEqual({
      type: ['collision'],
    });
    expect(incidentFilters({})).toEqual({});
  });
});
