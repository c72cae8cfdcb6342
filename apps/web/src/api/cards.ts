import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from './client.ts';

/**
 * Bank cards (spec sections 3 and 7): one domestic and one international card per user, every field
 * required; saving replaces the card of that kind. Field names are the server's (contract schemas/funds.ts).
 */
export const BANK_CARD_FIELDS = ['real_name', 'bank_account', 'bank_name', 'bank_branch', 'province', 'city', 'phone'] as const;
export const INTERNATIONAL_CARD_FIELDS = [
  'real_name',
  'bank_account',
  'bank_name',
  'bank_branch',
  'aba_number',
  'swift_code',
  'bank_network',
  'holder_address',
  'phone',
] as const;

export type CardKind = 'bank' | 'international';
export type CardField = (typeof BANK_CARD_FIELDS)[number] | (typeof INTERNATIONAL_CARD_FIELDS)[number];
export type SavedCard = Partial<Record<CardField, string>>;

export const CARD_FIELDS: Record<CardKind, readonly CardField[]> = { bank: BANK_CARD_FIELDS, international: INTERNATIONAL_CARD_FIELDS };

/** The longest value the server accepts per field (contract bankCardInput / internationalCardInput). */
export const CARD_MAX_LENGTH: Record<CardKind, Partial<Record<CardField, number>>> = {
  bank: { real_name: 50, bank_account: 40, bank_name: 80, bank_branch: 120, province: 50, city: 50, phone: 30 },
  international: {
    real_name: 80,
    bank_account: 40,
    bank_name: 120,
    bank_branch: 120,
    aba_number: 20,
    swift_code: 20,
    bank_network: 50,
    holder_address: 200,
    phone: 30,
  },
};

const PATHS: Record<CardKind, { info: string; save: string }> = {
  bank: { info: '/user/cash_info', save: '/user/cash_save' },
  international: { info: '/user/cash_info_international', save: '/user/cash_save_international' },
};

export const cardKey = (kind: CardKind) => ['funds', 'card', kind] as const;

/** POST /user/cash_info or /user/cash_info_international: the saved card, or null when none is. */
export const useCard = (kind: CardKind) => useQuery({ queryKey: cardKey(kind), queryFn: () => post<SavedCard | null>(PATHS[kind].info) });

/** POST /user/cash_save or /user/cash_save_international. */
export function useSaveCard(kind: CardKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: Record<string, string>) => post<unknown>(PATHS[kind].save, card),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKey(kind) }),
  });
}
