import type { GoogleLoginBody } from '@safety-shield/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** The second login step of an account with Google Authenticator bound. */
export const loginWithGoogle = (body: GoogleLoginBody) => api.account.loginWithGoogle(body);

export const useLoginWithGoogle = () => useMutation({ mutationFn: loginWithGoogle });
