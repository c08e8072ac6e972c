import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/http/client.js';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused call (the server answered with a codeKey) is not retried; a dropped connection is, once.
      retry: (failures, error) => !(error instanceof ApiError && error.code !== 0) && failures < 1,
      refetchOnWindowFocus: false,
    },
  },
});
