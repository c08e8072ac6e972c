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

/** The user guide PDF (`/v1/dashboard/userGuide`): a title page with the introduction and contact, then a page per chapter. */
export interface UserGuide {
  title: string;
  intro: string;
  chapters: [heading: string, text: string][];
  contact: string;
  /** The footer's word before the page number. */
  page: string;
}
