import type { IeoOrderInput, IeoOrderView, IeoProjectView } from '@fairex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from './client.ts';
import { fundsKeys, usePaged, type Page } from './funds.ts';
import { useIdempotent } from './idempotency.ts';

/**
 * IEO (spec section 7): the projects (public; the user's own applied total and pay balance come along
 * with a session), one project, subscribing (idempotent: a resend cannot subscribe twice) and the
 * user's subscriptions. Lists page by 10 with "load more".
 */
export type IeoProject = IeoProjectView;
export type IeoOrder = IeoOrderView;

export const ieoKeys = {
  all: ['ieo'] as const,
  projects: ['ieo', 'projects'] as const,
  project: (id: number) => ['ieo', 'project', id] as const,
  orders: ['ieo', 'orders'] as const,
};

export const useIeoProjects = () => usePaged(ieoKeys.projects, (page) => get<Page<IeoProject>>('/project', { page }));

/** One project; `id` undefined (a missing or malformed id) asks nothing. A refusal is told (toast) and not retried. */
export function useIeoProject(id: number | undefined) {
  return useQuery({
    queryKey: ieoKeys.project(id ?? 0),
    queryFn: () => get<IeoProject>('/project/detail', { project_id: id }),
    enabled: id !== undefined,
    retry: false,
  });
}

export const useIeoOrders = () => usePaged(ieoKeys.orders, (page) => get<Page<IeoOrder>>('/user/project/order', { page }));

export function useSubscribeIeo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useIdempotent((input: IeoOrderInput) => post<IeoOrder>('/project/order', input)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ieoKeys.all });
      void queryClient.invalidateQueries({ queryKey: fundsKeys.all });
    },
  });
}
