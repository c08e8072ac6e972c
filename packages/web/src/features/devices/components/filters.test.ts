import { describe, expect, it } from 'vitest';
import { deviceFilters } from './filters.js';

describe('device list filters from the URL', () => {
  it('turns the URL texts into the list call’s types and names', () => {
    expect(
      deviceFilters({ keyword: 'DVR', online: 'true', matched: 'false', companyId: '7', version: '2.4.1', from: '1000', to: '2000' }),
    ).toEqual({ keyword: 'DVR', online: true, matched: false, companyId: 7, version: '2.4.1', startTime: 1000, endTime: 2000 });
  });

  it('leaves out malformed values instead of sending them', () => {
    expect(deviceFilters({ online: 'yes', agentId: 'x', fleetId: '-3', to: 'soon' })).toEqual({});
    expect(deviceFilters({ faults: 'broken', faultCode: 'cameraGone' })).toEqual({});
  });

  it('reads the fault filters (issue 29)', () => {
    expect(deviceFilters({ faults: 'pending', faultCode: 'cameraLost' })).toEqual({ faults: 'pending', faultCode: 'cameraLost' });
  });
});
