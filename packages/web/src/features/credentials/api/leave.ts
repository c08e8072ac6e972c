import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** SPEC section 5: the password travels base64-encoded in the query (the server keeps query strings out of its logs). */
const toBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

export const useDeleteSelf = () =>
  useMutation({ mutationFn: (password: string) => http.delete<null>('/v1/account/self', { pwd: toBase64(password) }) });

export const useUnsubscribe = () => useMutation({ mutationFn: () => http.delete<null>('/v1/account/unsubscribe') });
