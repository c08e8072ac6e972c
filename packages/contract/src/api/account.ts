import { type Static, Type } from 'typebox';
import { roles } from '../roles.js';

export const RoleSchema = Type.Union(roles.map((role) => Type.Literal(role)));

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64, description: 'Trimmed before use' }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  code: Type.String({ minLength: 1, maxLength: 8192, description: 'The ALTCHA solution payload (base64)' }),
});
export type LoginBody = Static<typeof LoginBody>;

export const LoginResult = Type.Object({ token: Type.String() });
export type LoginResult = Static<typeof LoginResult>;

/** `GET /v1/account/selfInfo` as SPEC section 7 lists it. */
export const SelfInfo = Type.Object({
  baseInfo: Type.Object({
    role: RoleSchema,
    username: Type.String(),
    realName: Type.Union([Type.String(), Type.Null()]),
    language: Type.Union([Type.String(), Type.Null()]),
    timeZone: Type.Union([Type.String(), Type.Null()]),
    agentId: Type.Union([Type.Integer(), Type.Null()]),
    companyId: Type.Union([Type.Integer(), Type.Null()]),
    fleetId: Type.Union([Type.Integer(), Type.Null()]),
    agentName: Type.Union([Type.String(), Type.Null()]),
    companyName: Type.Union([Type.String(), Type.Null()]),
    fleetName: Type.Union([Type.String(), Type.Null()]),
    firstTimeLogin: Type.Boolean(),
    finishClause: Type.Boolean(),
  }),
  orgFinishClause: Type.Boolean(),
  orgPic: Type.Union([Type.String(), Type.Null()]),
});
export type SelfInfo = Static<typeof SelfInfo>;

/** ALTCHA v2 challenge as the widget expects it. */
export const CaptchaChallenge = Type.Object({
  parameters: Type.Object({}, { additionalProperties: true }),
  signature: Type.Optional(Type.String()),
});
