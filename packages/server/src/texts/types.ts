/**
 * The server's own texts in one language: what it writes to people outside the console (e-mails, the user guide PDF).
 * Codes stay codes: codeKey messages live in the contract, the device protocol's reasons and values are not translated.
 */
export interface ServerTexts {
  /** The code that verifies a vehicle's notification address (SPEC section 4). */
  verificationEmail: {
    subject: (mail: { code: string }) => string;
    text: (mail: { code: string; plate: string; minutes: number }) => string;
  };
  /** A new incident, to the vehicle's verified addresses and the company's recipients. */
  incidentEmail: {
    /** `vehicle` is the licence plate, else the device's uuid. */
    subject: (mail: { type: string; vehicle: string }) => string;
    text: (mail: IncidentMail) => string;
  };
  userGuide: UserGuide;
}

/** What an incident e-mail tells; `null` where the incident does not know. */
export interface IncidentMail {
  id: number;
  type: string;
  plate: string | null;
  device: string;
  time: string;
  /** The speed as the reader writes numbers (`texts/format.ts`): "57,5". */
  speed: string | null;
  /** 'lat, lng' */
  location: string | null;
}

/** The user guide's chapters in their order: one per area of the console's menu (`modules/dashboard/user-guide.ts`). */
export const guideChapterIds = [
  'start',
  'incidents',
  'coaching',
  'vehicles',
  'live',
  'map',
  'statistics',
  'safetyScore',
  'reports',
  'scheduledReports',
  'devices',
  'configuration',
  'firmware',
  'upgrades',
  'locks',
  'organisations',
  'accounts',
  'subscriptions',
  'logs',
] as const;
export type GuideChapterId = (typeof guideChapterIds)[number];

/** One chapter: the task a reader comes for, then where to click and what they see. */
export interface GuideChapter {
  heading: string;
  /** What the chapter helps to do, in a sentence or two. */
  task: string;
  /** Short numbered steps: where to click, what shows. */
  steps: string[];
  /** Under the chapter's screenshot, when it has one. */
  caption?: string;
}

/** The user guide PDF (`/v1/dashboard/userGuide`): a title page with the introduction, contents and contact, then the chapters. */
export interface UserGuide {
  title: string;
  intro: string;
  /** The heading of the list of chapters. */
  contents: string;
  chapters: Record<GuideChapterId, GuideChapter>;
  /** Before a chapter's places in the menu: "In the menu:". */
  inMenu: string;
  /**
   * The console's menu titles (its `route.*` texts) the guide names, by their key: the guide prints each chapter's
   * menu places with them, so it names the menu as the console shows it (a test holds the two together).
   */
  menu: Record<string, string>;
  contact: string;
  /** The footer's word before the page number. */
  page: string;
}
