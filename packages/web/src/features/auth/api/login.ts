import type { LoginBody } from '@safety-shield/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const login = (body: LoginBody) => api.account.login(body);

export const useLogin = () => useMutation({ mutationFn: login });
