import type { LoginBody, LoginResult } from '@safety-shield/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const login = (body: LoginBody) => http.post<LoginResult>('/v1/account/login', body);

export const useLogin = () => useMutation({ mutationFn: login });
