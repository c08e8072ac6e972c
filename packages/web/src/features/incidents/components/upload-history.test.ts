import type { HistoryRecord } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { groupHistory } from './upload-history.js';

let nextId = 1;
const line = (action: string, detail: unknown, time: number): HistoryRecord => ({ id: nextId++, action, username: null, detail, time });
const upload = (resourceId: string, state: number, time: number, reason?: string) =>
  line('upload', { resourceId, state, ...(reason ? { reason } : {}) }, time);

const resources = [
  { name: 'm1-ch1.jpg', kind: 'picture' as const, channel: 1 },
  { name: 'm1-ch1.mp4', kind: 'video' as const, channel: 1 },
];

describe('groupHistory', () => {
  it('makes one entry per file with its last state and time, at the place of its first line', () => {
    const arrived = line('arrived', null, 1);
    const picture = [1, 2, 3, 4, 5, 6].map((state) => upload('m1-ch1.jpg', state, 10 + state));
    const video = [1, 2, 3, 4, 5, 6].map((state) => upload('m1-ch1.mp4', state, 20 + state));
    const reviewed = line('reviewed', null, 30);
    // The two files' lines interleave, as two uploads under way at once would write them.
    const records = [arrived, picture[0], video[0], ...picture.slice(1), reviewed, ...video.slice(1)].filter(
      (record): record is HistoryRecord => record !== undefined,
    );
    const entries = groupHistory(records, resources);
    expect(entries.map((entry) => (entry.type === 'record' ? entry.record.action : entry.name))).toEqual([
      'arrived',
      'm1-ch1.jpg',
      'm1-ch1.mp4',
      'reviewed',
    ]);
    const [, pictureEntry, videoEntry] = entries;
    expect(pictureEntry).toMatchObject({ type: 'upload', file: { kind: 'picture', channel: 1 }, state: 6, time: 16, failedTries: 0 });
    expect(videoEntry).toMatchObject({ type: 'upload', file: { kind: 'video', channel: 1 }, state: 6, time: 26 });
    expect(pictureEntry?.type === 'upload' && pictureEntry.steps.map((step) => step.state)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('counts failed tries and keeps their reasons; a file that ends failed ends failed', () => {
    const records = [
      upload('a.mp4', 1, 1),
      upload('a.mp4', 3, 2),
      upload('a.mp4', -1, 3, 'connection reset'),
      upload('a.mp4', 1, 4),
      upload('a.mp4', 6, 5),
      upload('b.jpg', 1, 6),
      upload('b.jpg', -1, 7, 'checksum mismatch'),
    ];
    const [a, b] = groupHistory(records);
    expect(a).toMatchObject({ type: 'upload', name: 'a.mp4', file: undefined, state: 6, failedTries: 1 });
    expect(a?.type === 'upload' && a.steps[2]).toMatchObject({ state: -1, reason: 'connection reset', time: 3 });
    expect(b).toMatchObject({ type: 'upload', name: 'b.jpg', state: -1, failedTries: 1 });
  });

  it('leaves other lines, and upload lines without a file name or state, as they are', () => {
    const records = [
      line('shared', { days: 7 }, 1),
      line('upload', null, 2),
      line('upload', { resourceId: 7, state: 1 }, 3),
      line('evidenceExpired', { resourceId: 'x.jpg' }, 4),
    ];
    expect(groupHistory(records).map((entry) => entry.type)).toEqual(['record', 'record', 'record', 'record']);
  });
});
