import { BANK_CARD_FIELDS_MAX, INTERNATIONAL_CARD_FIELDS_MAX } from '@fairex/contract/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from './client.ts';

/**
 * Bank cards (spec sections 3 and 7): one domestic and one international card per user, every field
 * required and checked by its format (contract bank-card-rules.ts); saving replaces the card of that kind,
 * removing it needs the pay password. Field names are the server's (contract schemas/funds.ts).
 */
export type CardKind = 'bank' | 'international';
/** Each kind's fields in form order, with the longest value the server accepts (the contract's card schemas). */
export type CardField = keyof typeof BANK_CARD_FIELDS_MAX | keyof typeof INTERNATIONAL_CARD_FIELDS_MAX;
export const CARD_MAX_LENGTH: Record<CardKind, Partial<Record<CardField, number>>> = { bank: BANK_CARD_FIELDS_MAX, international: INTERNATIONAL_CARD_FIELDS_MAX };
/** A saved card as POST /user/cash_info answers it: its id (to edit or remove it) and its fields. */
export type SavedCard = Partial<Record<CardField, string>> & { id?: number };

export const CARD_FIELDS: Record<CardKind, readonly CardField[]> = {
  bank: Object.keys(BANK_CARD_FIELDS_MAX) as CardField[],
  international: Object.keys(INTERNATIONAL_CARD_FIELDS_MAX) as CardField[],
};

const PATHS: Record<CardKind, { info: string; save: string; remove: string }> = {
  bank: { info: '/user/cash_info', save: '/user/cash_save', remove: '/user/cash_delete' },
  international: { info: '/user/cash_info_international', save: '/user/cash_save_international', remove: '/user/cash_delete_international' },
};

export const cardKey = (kind: CardKind) => ['funds', 'card', kind] as const;

/** POST /user/cash_info or /user/cash_info_international: the saved card, or null when none is. */
export const useCard = (kind: CardKind) => useQuery({ queryKey: cardKey(kind), queryFn: () => post<SavedCard | null>(PATHS[kind].info) });

/** POST /user/cash_save or /user/cash_save_international; an edit sends the saved card's `id`. */
export function useSaveCard(kind: CardKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: Record<string, string | number>) => post<unknown>(PATHS[kind].save, card),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKey(kind) }),
  });
}

/** POST /user/cash_delete or /user/cash_delete_international: removes the saved card, confirmed by the pay password. */
export function useDeleteCard(kind: CardKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; pay_password: string }) => post<unknown>(PATHS[kind].remove, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKey(kind) }),
  });
}
