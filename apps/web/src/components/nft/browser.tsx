import type { NftMediaType, NftSaleType } from '@fairex/contract';
import { NFT_MEDIA_TYPES, NFT_SALE_TYPES } from '@fairex/contract/rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNftCurrencies, useNftList, type NftFilters } from '../../api/nft.ts';
import { SelectField } from '../funds/funds.tsx';
import { PagedList } from '../paged-list.tsx';
import { ListingCard } from './nft.tsx';

const STATUSES = ['1', '2', '0'] as const;
const STATUS_LABEL = { '1': 'onSale', '2': 'notStarted', '0': 'ended' } as const;

/** The search box: a keyword sent on submit (not on every key, so the list is asked once per search). */
export function SearchBox({ value, label, placeholder, onSearch }: { value: string; label: string; placeholder: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="nft-search" role="search" onSubmit={submit}>
      <input
        className="nft-search__input"
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={50}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="pill pill--primary">
        {t('nft.searchButton')}
      </button>
    </form>
  );
}

/** The four filters of getBoxList (coin, sale type, status, media type), each "any" by default. */
export function FilterPanel({ filters, onChange }: { filters: NftFilters; onChange: (next: NftFilters) => void }) {
  const { t } = useTranslation();
  const coins = useNftCurrencies();
  const any = { value: '', label: t('nft.filter.any') };
  const active = filters.currency !== undefined || filters.sale_type !== undefined || filters.status !== undefined || filters.media_type !== undefined;
  return (
    <details className="nft-filters" open={active || undefined}>
      <summary>{t('nft.filters')}</summary>
      <div className="nft-filters__grid">
        <SelectField
          label={t('nft.filter.currency')}
          value={filters.currency === undefined ? '' : String(filters.currency)}
          options={[any, ...(coins.data ?? []).map((coin) => ({ value: String(coin.id), label: coin.name }))]}
          onChange={(value) => onChange({ ...filters, currency: value === '' ? undefined : Number(value) })}
        />
        <SelectField
          label={t('nft.filter.saleType')}
          value={filters.sale_type ?? ''}
          options={[any, ...NFT_SALE_TYPES.map((value) => ({ value, label: t(`nft.saleType.${value}`) }))]}
          onChange={(value) => onChange({ ...filters, sale_type: value === '' ? undefined : (value as NftSaleType) })}
        />
        <SelectField
          label={t('nft.filter.status')}
          value={filters.status === undefined ? '' : String(filters.status)}
          options={[any, ...STATUSES.map((value) => ({ value, label: t(`nft.buyStatus.${STATUS_LABEL[value]}`) }))]}
          onChange={(value) => onChange({ ...filters, status: value === '' ? undefined : (Number(value) as 0 | 1 | 2) })}
        />
        <SelectField
          label={t('nft.filter.mediaType')}
          value={filters.media_type ?? ''}
          options={[any, ...NFT_MEDIA_TYPES.map((value) => ({ value, label: t(`nft.media.${value}`) }))]}
          onChange={(value) => onChange({ ...filters, media_type: value === '' ? undefined : (value as NftMediaType) })}
        />
      </div>
      {active && (
        <button type="button" className="link-button" onClick={() => onChange({ keyword: filters.keyword, artist: filters.artist, collection: filters.collection })}>
          {t('nft.resetFilters')}
        </button>
      )}
    </details>
  );
}

/** Listings as a two-column grid of cards, 10 at a time with "load more"; `empty` says what an empty grid means (a search by default). */
export function ListingGrid({ filters, label, empty }: { filters: NftFilters; label: string; empty?: string }) {
  const { t } = useTranslation();
  const list = useNftList(filters);
  return (
    <PagedList query={list} label={label} empty={empty ?? t('nft.noArtworks')} keyOf={(row) => row.id} className="nft-grid">
      {(row) => <ListingCard listing={row} />}
    </PagedList>
  );
}

/** Search, filters and the grid together: the browse block of the marketplace and its sub-screens. */
export function ArtworkBrowser({ base = {}, search = true }: { base?: NftFilters; search?: boolean }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<NftFilters>(base);
  return (
    <div className="nft-browser">
      {search && (
        <SearchBox value={filters.keyword ?? ''} label={t('nft.searchLabel')} placeholder={t('nft.searchPlaceholder')} onSearch={(keyword) => setFilters({ ...filters, keyword: keyword || undefined })} />
      )}
      <FilterPanel filters={filters} onChange={(next) => setFilters({ ...base, ...next })} />
      <ListingGrid filters={filters} label={t('nft.artworks')} />
    </div>
  );
}
