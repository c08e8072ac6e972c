import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { joinPath, type Language, mainRoutes, type Role, type RouteEntry, type RouteName, routeAllows } from '@safety-shield/contract';
import { renderPdf } from '../../pdf/index.js';
import { type GuideChapterId, guideChapterIds, serverTexts, type UserGuide } from '../../texts/index.js';

/** A screenshot of the console, one per language: `packages/server/assets/guide/<language>/<name>.jpg`. */
export const guidePictures = ['dashboard', 'incidents', 'devices', 'statistics'] as const;
export type GuidePicture = (typeof guidePictures)[number];

/**
 * What each chapter covers: the pages of the route table it explains (the menu's areas and the pages they lead to)
 * and its screenshot. Every page the menu shows must be a chapter's (`user-guide.test.ts` derives them from the
 * route table), so a new area of the menu without a chapter fails the tests.
 */
export const guideChapters: Record<GuideChapterId, { routes: readonly RouteName[]; picture?: GuidePicture }> = {
  start: { routes: ['Dashboard', 'Self'], picture: 'dashboard' },
  incidents: { routes: ['EventList', 'EventDetail', 'RecycleBin', 'TagList'], picture: 'incidents' },
  coaching: { routes: ['CoachingQueue'] },
  vehicles: { routes: ['VehicleList', 'VehicleEdit', 'VehicleMap'] },
  live: { routes: ['Dvr'] },
  map: { routes: ['EventMap'] },
  statistics: { routes: ['Statistics'], picture: 'statistics' },
  safetyScore: { routes: [] },
  reports: { routes: ['Report'] },
  scheduledReports: { routes: [] },
  devices: {
    routes: ['UnmatchedDevices', 'DeviceList', 'DeviceDetail', 'DeviceMaintenance', 'DeviceMonitor', 'LineSummary'],
    picture: 'devices',
  },
  configuration: { routes: ['DeviceConfigSetting', 'DeviceConfigInfo', 'TaskManager', 'Thresholds'] },
  firmware: { routes: ['UpgradeCollection'] },
  upgrades: { routes: ['UpgradeList', 'UpgradeManager', 'DeviceLog'] },
  locks: { routes: ['DeviceLocks', 'DeviceLock', 'DeviceLockLink'] },
  organisations: { routes: ['AgentList', 'CompanyList', 'FleetList', 'SiteList', 'CompanySetting', 'ClauseList', 'ClauseState'] },
  accounts: { routes: ['AccountList', 'AccountAdd', 'AccountEdit'] },
  subscriptions: { routes: ['SubscribeList', 'Usage'] },
  logs: { routes: ['SystemLog', 'DeviceOperationLog', 'Collection'] },
};

/** The roles whose menus the guide reads, the widest first: a page's place is where the first of them sees it. */
const MENU_ROLES: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN', 'SITE_ADMIN'];

/** A route path without its parameters: 'list/:licensePlate?' → 'list'. */
const staticPath = (route: string) =>
  route
    .split('/')
    .filter((part) => !part.startsWith(':'))
    .join('/');

/**
 * The pages a role's sidebar shows, each with the titles (keys under `route.`) of its place: ['devices', 'deviceList'].
 * The console's rules (`packages/web/src/app/menu.ts`): hidden routes and those the role may not see are left out, and a
 * single visible page is drawn in its parent's place.
 */
export function menuPlaces(role: Role, routes: readonly RouteEntry[] = mainRoutes, parent = '/'): Map<string, string[]> {
  const places = new Map<string, string[]>();
  for (const route of routes) {
    if (route.hidden || !routeAllows(route, role)) continue;
    if (!route.children) {
      if (route.name && route.title) places.set(route.name, [route.title]);
      continue;
    }
    const inner = menuPlaces(role, route.children, joinPath(parent, staticPath(route.path)) || '/');
    const single = inner.size === 1 && [...inner.values()][0]?.length === 1 && !route.alwaysShow;
    for (const [name, titles] of inner) places.set(name, single || !route.title ? titles : [route.title, ...titles]);
  }
  return places;
}

/** Every page of the menu of some role with its place, as the widest role sees it. */
export function menuPages(): Map<string, string[]> {
  const pages = new Map<string, string[]>();
  for (const role of MENU_ROLES) for (const [name, place] of menuPlaces(role)) if (!pages.has(name)) pages.set(name, place);
  return pages;
}

/** The packages/server folder: from the sources and from dist/main.js alike (the workspace links the package). */
const serverRoot = () => path.dirname(createRequire(import.meta.url).resolve('@safety-shield/server/package.json'));
const pictures = new Map<string, Promise<Buffer | null>>();

/** A screenshot of the guide's language, read once; null when it is missing (the chapter then goes without). */
function picture(language: Language, name: GuidePicture): Promise<Buffer | null> {
  const key = `${language}/${name}`;
  let found = pictures.get(key);
  if (!found) {
    found = readFile(path.join(serverRoot(), 'assets', 'guide', language, `${name}.jpg`)).catch(() => null);
    pictures.set(key, found);
  }
  return found;
}

/** A chapter's menu places in the reader's words: "Devices › Device list · Devices › Device maintenance". */
function placesOf(chapter: GuideChapterId, guide: UserGuide, pages: Map<string, string[]>): string {
  return guideChapters[chapter].routes
    .flatMap((name) => {
      const place = pages.get(name);
      return place ? [place.map((key) => guide.menu[key] ?? key).join(' › ')] : [];
    })
    .join(' · ');
}

/**
 * The user guide as a PDF in the reader's language: a title page with the introduction, contents and contact, then a
 * chapter per area of the menu — the task, its places in the menu, numbered steps and a screenshot of the console in
 * the same language. Only the screenshots are read from disk (once each); a guide takes well under a second.
 */
export async function userGuidePdf(language: Language, release: string): Promise<Readable> {
  const guide = serverTexts[language].userGuide;
  const pages = menuPages();
  const shots = new Map(
    await Promise.all(
      guideChapterIds.map(async (id) => {
        const name = guideChapters[id].picture;
        return [id, name ? await picture(language, name) : null] as const;
      }),
    ),
  );
  return renderPdf(
    {
      title: guide.title,
      language,
      subject: `Safety Shield ${release}`,
      footer: { text: `Safety Shield ${release}`, page: (page, pages) => `${guide.page} ${page} / ${pages}` },
    },
    (pdf) => {
      pdf.title(guide.title);
      pdf.paragraph(guide.intro);
      pdf.heading(guide.contents);
      pdf.bullets(
        guideChapterIds.map((id) => guide.chapters[id].heading),
        { numbered: true },
      );
      pdf.paragraph(guide.contact);
      for (const [i, id] of guideChapterIds.entries()) {
        const chapter = guide.chapters[id];
        // A chapter starts where its heading, task, places and first steps fit together.
        if (i === 0) pdf.pageBreak();
        else {
          pdf.space(4);
          pdf.room(60);
        }
        pdf.heading(`${i + 1}. ${chapter.heading}`);
        pdf.paragraph(chapter.task);
        const places = placesOf(id, guide, pages);
        if (places) pdf.paragraph(`${guide.inMenu} ${places}`, { bold: true });
        pdf.bullets(chapter.steps, { numbered: true });
        const shot = shots.get(id);
        if (shot) pdf.image(shot, { height: 95, ...(chapter.caption ? { caption: chapter.caption } : {}) });
      }
    },
  );
}
