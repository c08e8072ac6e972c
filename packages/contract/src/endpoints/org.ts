import { Type } from 'typebox';
import { ById, Created, PageOf } from '../api/common.js';
import {
  CompanySetting,
  CompanySettingBody,
  OrgCreateBody,
  type OrgKind,
  OrgListQuery,
  OrgOption,
  OrgOptionsQuery,
  OrgRecord,
  OrgStateBody,
  OrgUpdateBody,
  orgManagers,
} from '../api/org.js';
import { type EndpointGroup, endpoints } from '../endpoint.js';
import { fleetAdminsAndAbove } from '../roles.js';

/** The same seven calls for each kind of the chain, under `/v1/org/{kind}` (the spec does not show them). */
const level = <K extends OrgKind>(kind: K) => {
  const access = orgManagers[kind];
  return {
    List: {
      method: 'GET',
      path: `/v1/org/${kind}/list`,
      summary: `A page of ${kind} organisations in the caller’s scope`,
      access,
      query: OrgListQuery,
      response: PageOf(OrgRecord),
    },
    Info: {
      method: 'GET',
      path: `/v1/org/${kind}/info`,
      summary: `One ${kind} with its logo`,
      access,
      query: ById,
      response: OrgRecord,
    },
    Options: {
      method: 'GET',
      path: `/v1/org/${kind}/options`,
      summary: `Up to 50 ${kind} organisations to choose from, by name`,
      // Everyone who manages accounts picks organisations in the account forms.
      access: fleetAdminsAndAbove,
      query: OrgOptionsQuery,
      response: Type.Array(OrgOption),
    },
    Create: {
      method: 'POST',
      path: `/v1/org/${kind}`,
      summary: `Create a ${kind}`,
      access,
      audit: `org.${kind}.create`,
      body: OrgCreateBody,
      response: Created,
    },
    Update: {
      method: 'PUT',
      path: `/v1/org/${kind}`,
      summary: `Edit a ${kind}`,
      access,
      audit: `org.${kind}.update`,
      auditTarget: 'id',
      body: OrgUpdateBody,
    },
    SetState: {
      method: 'PUT',
      path: `/v1/org/${kind}/state`,
      summary: `Enable or forbid a ${kind}; forbidding ends every session below it`,
      access,
      audit: `org.${kind}.state`,
      auditTarget: 'id',
      body: OrgStateBody,
    },
    Remove: {
      method: 'DELETE',
      path: `/v1/org/${kind}`,
      summary: `Delete a ${kind} that has nothing below it`,
      access,
      audit: `org.${kind}.delete`,
      auditTarget: 'id',
      query: ById,
    },
  } as const satisfies EndpointGroup;
};

/** A kind's calls named `${kind}List`, `${kind}Info`, … (`agentList`, `companySetState`, …). */
type Level<K extends OrgKind> = { [N in keyof ReturnType<typeof level<K>> & string as `${K}${N}`]: ReturnType<typeof level<K>>[N] };

function levelOf<K extends OrgKind>(kind: K): Level<K> {
  return Object.fromEntries(Object.entries(level(kind)).map(([name, declaration]) => [`${kind}${name}`, declaration])) as Level<K>;
}

/** Organisations of every kind, and the Company Admin’s own company setting. */
export const orgApi = endpoints('organisations', {
  ...levelOf('agent'),
  ...levelOf('company'),
  ...levelOf('fleet'),
  ...levelOf('site'),
  // The company setting stays open while an organisation clause waits: that is where the Company Admin accepts it.
  companySetting: {
    method: 'GET',
    path: '/v1/company/setting',
    summary: 'The Company Admin’s own company with its notification settings',
    access: ['COMPANY_ADMIN'],
    beforeClause: true,
    response: CompanySetting,
  },
  updateCompanySetting: {
    method: 'PUT',
    path: '/v1/company/setting',
    summary: 'Change the own company’s address, description, logo and notification settings',
    access: ['COMPANY_ADMIN'],
    beforeClause: true,
    audit: 'company.setting',
    body: CompanySettingBody,
  },
});
