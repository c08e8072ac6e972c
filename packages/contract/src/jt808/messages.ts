/**
 * Every JT/T 808 message the portal speaks, declared once: the gateway dispatches by it, and docs/jt808.md's message
 * list is generated from it (a test fails when they differ).
 */

export type Direction = 'up' | 'down';

export interface MessageDeclaration {
  id: number;
  /** The standard's name, in English. */
  name: string;
  direction: Direction;
  /** What the portal makes of it (up) or when it sends it (down): the mapping onto the device port. */
  portal: string;
}

export const MESSAGES = [
  {
    id: 0x0001,
    name: 'Terminal general response',
    direction: 'up',
    portal: 'Settles the command it answers (by its serial).',
  },
  { id: 0x0002, name: 'Heartbeat', direction: 'up', portal: 'Keeps the connection online; answered with 0x8001.' },
  { id: 0x0003, name: 'Terminal logout', direction: 'up', portal: 'Answered with 0x8001; the terminal must register again.' },
  {
    id: 0x0100,
    name: 'Terminal registration',
    direction: 'up',
    portal: 'A new terminal becomes a device (unmatched), or is refused under the listed-terminals policy; answered with 0x8100.',
  },
  {
    id: 0x0102,
    name: 'Terminal authentication',
    direction: 'up',
    portal: 'Checks the code against its stored hash; the device comes online (hello). Answered with 0x8001.',
  },
  {
    id: 0x0104,
    name: 'Query terminal parameters response',
    direction: 'up',
    portal:
      'Answers 0x8104: the report interval and APN it runs become the configuration the device reports (version: the last one it applied).',
  },
  {
    id: 0x0108,
    name: 'Terminal upgrade result notification',
    direction: 'up',
    portal:
      'After its restart: a failed or cancelled install fails the device’s row of the campaign with the reason; a successful one is done (2019 terminals say so by the version their authentication names, 2011 and 2013 terminals here). Answered with 0x8001.',
  },
  {
    id: 0x0200,
    name: 'Location report',
    direction: 'up',
    portal:
      'A position for the trail; alarm bits and active-safety items (0x64 ADAS, 0x65 DMS, 0x67 BSD) become incidents or S.O.S; an item with attachments is followed by 0x9208.',
  },
  {
    id: 0x0702,
    name: 'Driver identity information report',
    direction: 'up',
    portal:
      "A driver's card in (name, licence number) or out: the device's incidents filed while it is in carry the driver; an unreadable card is counted and dropped. Answered with 0x8001.",
  },
  { id: 0x0704, name: 'Location batch upload', direction: 'up', portal: 'Positions for the trail (the blind-area backlog), as 0x0200.' },
  {
    id: 0x0800,
    name: 'Multimedia event information upload',
    direction: 'up',
    portal: 'Answered with 0x8001; the file itself comes in 0x0801.',
  },
  {
    id: 0x0801,
    name: 'Multimedia data upload',
    direction: 'up',
    portal:
      'A picture 0x8801 asked for (JPEG): stored as the evidence of the incident it was taken for, with its SHA-256 (upload state 4); answered with 0x8800. Other media are answered and not kept.',
  },
  {
    id: 0x0805,
    name: 'Camera immediate capture response',
    direction: 'up',
    portal: 'Names the pictures taken for 0x8801: they become the incident’s evidence, listed until they arrive.',
  },
  {
    id: 0x1210,
    name: 'Alarm attachment information (attachment listener)',
    direction: 'up',
    portal:
      "The files of an alarm 0x9208 asked for, by the platform's alarm number: pictures (.jpg) and videos (.mp4) become the incident's evidence, listed; other files are taken and not kept. Answered with 0x8001.",
  },
  {
    id: 0x1211,
    name: 'File information upload (attachment listener)',
    direction: 'up',
    portal: 'A listed file is about to come, with its size (at most the evidence limit of its kind). Answered with 0x8001.',
  },
  {
    id: 0x1212,
    name: 'File upload complete (attachment listener)',
    direction: 'up',
    portal:
      'The file was sent: whole, it is stored as evidence with its SHA-256 (upload state 4), answered with 0x9212; missing pieces are asked for with 0x9212.',
  },
  {
    id: 0x8001,
    name: 'Platform general response',
    direction: 'down',
    portal: 'Answers every terminal message that has no reply of its own.',
  },
  {
    id: 0x8003,
    name: 'Resend sub-packages request',
    direction: 'down',
    portal: 'Asks once for the sub-packages of a message still missing after the time-out.',
  },
  {
    id: 0x8100,
    name: 'Terminal registration response',
    direction: 'down',
    portal: 'The authentication code, or why the terminal is refused.',
  },
  {
    id: 0x8103,
    name: 'Set terminal parameters',
    direction: 'down',
    portal: 'A configuration version: its report interval and APN as parameters 0x0029 and 0x0010–0x0012 (see Configuration).',
  },
  {
    id: 0x8104,
    name: 'Query terminal parameters',
    direction: 'down',
    portal: 'The console’s “read from device” (configGet); answered by 0x0104.',
  },
  {
    id: 0x8108,
    name: 'Issue terminal upgrade package',
    direction: 'down',
    portal:
      'A firmware campaign’s order (upgrade): the adapter downloads the package by the order’s link and streams it in sub-packages, 16 at a time, each answered by 0x0001; the share answered is the download’s progress, then verifying (its SHA-256) and installing (see Upgrades).',
  },
  {
    id: 0x8300,
    name: 'Text information distribution',
    direction: 'down',
    portal:
      'The console’s “message to the driver” (driverText): shown on the terminal’s screen (flag 0x04), read aloud when asked (0x08); answered by 0x0001.',
  },
  {
    id: 0x8800,
    name: 'Multimedia data upload response',
    direction: 'down',
    portal: 'The picture is whole (or was not asked for); a picture missing sub-packages is asked for again with 0x8003.',
  },
  {
    id: 0x8801,
    name: 'Camera immediate capture command',
    direction: 'down',
    portal:
      'Sent once an incident of the standard’s alarm bits is filed (live): one picture of channel 1, uploaded now, as the incident’s evidence (see Multimedia).',
  },
  {
    id: 0x9208,
    name: 'Alarm attachment upload request',
    direction: 'down',
    portal:
      'Sent once an active-safety alarm with attachments is filed as an incident: the attachment listener’s address and a random alarm number (32 characters) that lets the files in, on any node.',
  },
  {
    id: 0x9212,
    name: 'File upload complete response (attachment listener)',
    direction: 'down',
    portal: 'The file is whole and stored, or the pieces (offset, length) still missing, which the terminal sends again.',
  },
] as const satisfies readonly MessageDeclaration[];

export type MessageName = (typeof MESSAGES)[number]['name'];

/** 0x0200 as text: `0x0200`. */
export const hexId = (id: number) => `0x${id.toString(16).padStart(4, '0').toUpperCase()}`;

const byId = new Map<number, MessageDeclaration>(MESSAGES.map((m) => [m.id, m]));

export function declaration(id: number): MessageDeclaration | undefined {
  return byId.get(id);
}

/** The ids by name, so code reads `ID.location` instead of 0x0200. */
export const ID = {
  terminalReply: 0x0001,
  heartbeat: 0x0002,
  logout: 0x0003,
  register: 0x0100,
  authenticate: 0x0102,
  location: 0x0200,
  driverCard: 0x0702,
  locationBatch: 0x0704,
  attachmentList: 0x1210,
  attachmentFile: 0x1211,
  attachmentDone: 0x1212,
  platformReply: 0x8001,
  resend: 0x8003,
  registerReply: 0x8100,
  setParameters: 0x8103,
  queryParameters: 0x8104,
  parameterReply: 0x0104,
  upgrade: 0x8108,
  upgradeResult: 0x0108,
  mediaEvent: 0x0800,
  mediaUpload: 0x0801,
  captureReply: 0x0805,
  mediaReply: 0x8800,
  capture: 0x8801,
  driverText: 0x8300,
  attachmentRequest: 0x9208,
  attachmentDoneReply: 0x9212,
} as const;
