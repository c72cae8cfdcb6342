import type { InviteeView, RebateView, ShareInfo } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { get } from './client.ts';
import { usePaged, type Page } from './funds.ts';

/**
 * Invitations and rebates (/pages/setting/share): the user's invite code with what inviting has earned,
 * the users who registered with it (masked) and the rebates received, 10 a page.
 */
export const shareKeys = {
  all: ['share'] as const,
  info: ['share', 'info'] as const,
  invitees: ['share', 'invitees'] as const,
  rebates: ['share', 'rebates'] as const,
};

export const useShareInfo = () => useQuery({ queryKey: shareKeys.info, queryFn: () => get<ShareInfo>('/share/info') });

export const useInvitees = () => usePaged(shareKeys.invitees, (page) => get<Page<InviteeView>>('/share/invitees', { page }));

export const useRebates = () => usePaged(shareKeys.rebates, (page) => get<Page<RebateView>>('/share/rebates', { page }));
