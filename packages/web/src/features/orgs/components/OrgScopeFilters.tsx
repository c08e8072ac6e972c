import type { OrgKind, Role } from '@safety-shield/contract';
import { Form } from 'antd';
import { OrgPicker } from './OrgPicker.js';

type ScopeKind = Extract<OrgKind, 'agent' | 'company' | 'fleet'>;
const fieldOf = { agent: 'agentId', company: 'companyId', fleet: 'fleetId' } as const satisfies Record<ScopeKind, string>;
const aboveOf: Record<ScopeKind, ScopeKind | undefined> = { agent: undefined, company: 'agent', fleet: 'company' };

/** The organisation levels a role may narrow a view to, from the top (a Fleet Admin's view is its fleet already). */
export function scopeKindsOf(role: Role | undefined): readonly ScopeKind[] {
  if (role === 'SUPER_ADMIN' || role === 'SUPER_ASSISTANT') return ['agent', 'company', 'fleet'];
  if (role === 'AGENT_ADMIN') return ['company', 'fleet'];
  if (role === 'COMPANY_ADMIN') return ['fleet'];
  return [];
}

interface Props {
  /** The levels offered, from the top: agent, company, fleet (fields agentId, companyId, fleetId). */
  kinds: readonly ScopeKind[];
  labelOf(kind: ScopeKind): string;
}

/** A filter bar's organisation filters: each level chosen narrows the next one's choices to what belongs to it. */
export function OrgScopeFilters({ kinds, labelOf }: Props) {
  const form = Form.useFormInstance();
  const agentId = Form.useWatch<number | undefined>('agentId', form);
  const companyId = Form.useWatch<number | undefined>('companyId', form);
  const chosen: Record<ScopeKind, number | undefined> = { agent: agentId, company: companyId, fleet: undefined };
  return kinds.map((kind) => {
    const above = aboveOf[kind];
    return (
      <Form.Item key={kind} name={fieldOf[kind]} label={labelOf(kind)}>
        <OrgPicker kind={kind} parentId={above && kinds.includes(above) ? chosen[above] : undefined} />
      </Form.Item>
    );
  });
}
