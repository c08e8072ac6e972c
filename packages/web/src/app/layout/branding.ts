/**
 * Branding rules of the sidebar (SPEC section 2: "one sidebar image shows only when agent id is 64 and company id is
 * 65"). Each rule names the organisation chain it applies to and the image shown under the menu; add a partner here.
 */
export interface SidebarImageRule {
  agentId: number;
  companyId: number;
  /** The image's URL (an asset import or a data: URL) and its text alternative. */
  src: string;
  alt: string;
}

const partnerBadge =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="180" height="48" viewBox="0 0 180 48"><rect width="180" height="48" rx="6" fill="#1f2d3d" stroke="#409eff"/><path d="M24 8l14 6v10c0 9-6 15-14 17-8-2-14-8-14-17V14z" fill="#409eff"/><text x="48" y="30" font-family="Helvetica,Arial,sans-serif" font-size="14" fill="#fff">Partner fleet</text></svg>',
  );

export const sidebarImageRules: readonly SidebarImageRule[] = [{ agentId: 64, companyId: 65, src: partnerBadge, alt: 'Partner' }];

/** The sidebar image for a user's chain, if a rule names it (both ids must match). */
export function sidebarImageFor(agentId: number | null | undefined, companyId: number | null | undefined): SidebarImageRule | undefined {
  return sidebarImageRules.find((rule) => rule.agentId === agentId && rule.companyId === companyId);
}
