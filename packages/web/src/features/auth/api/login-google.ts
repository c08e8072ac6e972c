import type { GoogleLoginBody, LoginResult } from '@safety-shield/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** The second login step of an account with Google Authenticator bound. */
export const loginWithGoogle = (body: GoogleLoginBody) => http.post<LoginResult>('/v1/account/mfa/login/google', body);

export const useLoginWithGoogle = () => useMutation({ mutationFn: loginWithGoogle });
