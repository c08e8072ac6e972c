import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** SPEC section 5: the password travels base64-encoded in the query (the server keeps query strings out of its logs). */
const toBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

export const useDeleteSelf = () => useMutation({ mutationFn: (password: string) => api.account.removeSelf({ pwd: toBase64(password) }) });

export const useUnsubscribe = () => useMutation({ mutationFn: () => api.credential.unsubscribe() });
