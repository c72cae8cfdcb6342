import { QueryClient } from '@tanstack/react-query';

/**
 * Server state. The api client already toasts failures, so queries do not retry a refusal; they are
 * not refetched on window focus either, as a phone app would not.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
