import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { keptQuery } from '../../../shared/http/query.js';

export const releaseTimeQuery = () => keptQuery(['releaseTime'], api.health.releaseTime);

export const useReleaseTime = () => useQuery(releaseTimeQuery());
