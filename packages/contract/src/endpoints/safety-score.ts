import { SafetyScoreList, SafetyScoreQuery, SafetyWeightsBody, SafetyWeightsInfo, SafetyWeightsQuery } from '../api/safety-score.js';
import { endpoints } from '../endpoint.js';
import type { Role } from '../roles.js';
import { statisticsReaders } from './statistics.js';

/** A company's admin sets its weights (issue 19); the Super and Agent Admins may for the companies they manage. */
export const safetyWeightWriters: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN'];

/** The safety score (issue 19, docs/safety-score.md): rankings and trends over the statistics' ranges, and the weights. */
export const safetyScoreApi = endpoints('safetyScore', {
  list: {
    method: 'GET',
    path: '/v1/safetyScore/list',
    summary: 'Safety scores (0–100) of vehicles, fleets or companies over a range, worst or best first, with the trend',
    access: statisticsReaders,
    query: SafetyScoreQuery,
    response: SafetyScoreList,
  },
  weights: {
    method: 'GET',
    path: '/v1/safetyScore/weights',
    summary: 'A company’s safety-score weights: points per incident type, factor per severity, scale and minimum distance',
    access: statisticsReaders,
    query: SafetyWeightsQuery,
    response: SafetyWeightsInfo,
  },
  saveWeights: {
    method: 'PUT',
    path: '/v1/safetyScore/weights',
    summary: 'Set a company’s safety-score weights, or go back to the defaults (null)',
    access: safetyWeightWriters,
    audit: 'safetyScore.weights',
    auditTarget: 'companyId',
    body: SafetyWeightsBody,
    response: SafetyWeightsInfo,
  },
});
