import type { OrgKind } from '@safety-shield/contract';
import { Col, Form, type FormRule } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrgPicker } from '../../../orgs/index.js';

type ChainKind = Extract<OrgKind, 'agent' | 'company' | 'fleet'>;
const fieldOf: Record<ChainKind, 'agentId' | 'companyId' | 'fleetId'> = { agent: 'agentId', company: 'companyId', fleet: 'fleetId' };
const below: Record<ChainKind, ('companyId' | 'fleetId')[]> = { agent: ['companyId', 'fleetId'], company: ['fleetId'], fleet: [] };

interface OrgChainFieldsProps {
  /** The levels to choose, from the top (orgLevelsFor the role). */
  levels: readonly ChainKind[];
  /** The fleet must be chosen (a vehicle's fleet, a lease's target). */
  fleetRequired?: boolean;
  /** Names for ids the pickers have not loaded (an edit). */
  labels?: Partial<Record<ChainKind, string | null>>;
  /** More checks of the chosen fleet (not the owner fleet, for a lease). */
  fleetRules?: FormRule[];
  /** A label of its own for the fleet ('Lease to fleet'). */
  fleetLabel?: string;
  /** Each field in a grid column (a vertical form) rather than inline (a filter bar). */
  columns?: boolean;
  /** Pickers as wide as the form (a dialog's vertical form). */
  block?: boolean;
  disabled?: boolean;
}

/**
 * Agent → company → fleet pickers inside a form (fields agentId, companyId, fleetId): each level lists only what
 * lies under the one chosen above it, and choosing a level again clears those below.
 */
export function OrgChainFields({
  levels,
  fleetRequired,
  fleetRules = [],
  labels,
  fleetLabel,
  columns,
  block,
  disabled,
}: OrgChainFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const agentId = Form.useWatch<number | undefined>('agentId', form);
  const companyId = Form.useWatch<number | undefined>('companyId', form);
  const parentOf: Record<ChainKind, number | undefined> = { agent: undefined, company: agentId, fleet: companyId };
  const wrap = (node: ReactNode, kind: ChainKind) =>
    columns ? (
      <Col key={kind} xs={24} md={8}>
        {node}
      </Col>
    ) : (
      <Fragment key={kind}>{node}</Fragment>
    );
  return levels.map((kind) =>
    wrap(
      <Form.Item
        name={fieldOf[kind]}
        label={kind === 'fleet' && fleetLabel ? fleetLabel : t(`org.kind.${kind}`)}
        rules={kind === 'fleet' ? [...(fleetRequired ? [{ required: true, message: t('org.pick.fleet') }] : []), ...fleetRules] : []}
      >
        <OrgPicker
          kind={kind}
          parentId={parentOf[kind]}
          valueLabel={labels?.[kind]}
          disabled={disabled}
          style={columns || block ? { width: '100%' } : { width: 180 }}
          data-testid={`org-${kind}`}
          onChange={() => form.setFieldsValue(Object.fromEntries(below[kind].map((field) => [field, undefined])))}
        />
      </Form.Item>,
      kind,
    ),
  );
}
