// Proves the NFT rules with the worked examples of nft-rules.ts: the buy status by time (spec section 4),
// the lowest acceptable bid, the seller's proceeds and the platform fee rounded to the coin's unit,
// SHA-256 and HMAC-SHA256 against Node's crypto, and the provably fair draw: its pinned example, its
// determinism, its weights honoured over many nonces, and verification refusing a changed record.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hmacSha256Hex,
  NFT_DRAW_EXAMPLE,
  nftBidAcceptable,
  nftBidHold,
  nftBuyStatus,
  nftDraw,
  nftForfeitRecipient,
  nftPaymentDueAt,
  nftMinimumBid,
  nftOdds,
  nftSellerProceeds,
  sha256Hex,
  verifyNftDraw,
} from '../src/nft-rules.ts';

describe('nftBuyStatus', () => {
  const sale = { start_at: 1000, end_at: 2000 };
  it('is 2 before the start, 1 on sale with the flag, 0 without it or from the end on', () => {
    expect(nftBuyStatus(sale, 1, 999)).toBe(2);
    expect(nftBuyStatus(sale, 1, 1000)).toBe(1);
    expect(nftBuyStatus(sale, 0, 1999)).toBe(0);
    expect(nftBuyStatus(sale, 1, 2000)).toBe(0);
  });
});

describe('bids', () => {
  it('takes the starting price first, then the current bid plus the increment', () => {
    expect(nftMinimumBid('100', null, '5')).toBe('100');
    expect(nftMinimumBid('100', '120', '5')).toBe('125');
    expect(nftBidAcceptable('125', '100', '120', '5')).toBe(true);
    expect(nftBidAcceptable('124.999999', '100', '120', '5')).toBe(false);
    expect(nftBidAcceptable('99', '100', null, '5')).toBe(false);
  });

  it('freezes a bid above its margin, so the review\'s 999,999,999 bid needs that much less the margin', () => {
    expect(nftBidHold('125', '10')).toBe('115');
    expect(nftBidHold('8', '10')).toBe('0');
    expect(nftBidHold('10', '10')).toBe('0');
    expect(nftBidHold('999999999', '10')).toBe('999999989');
  });
});

describe('the unpaid win', () => {
  it('is due a day after the end, and its margin goes to the seller (the platform for its own artworks)', () => {
    expect(nftPaymentDueAt(1_000)).toBe(1_000 + 86_400_000);
    expect(nftForfeitRecipient(7)).toEqual({ to: 'seller', userId: 7 });
    expect(nftForfeitRecipient(null)).toEqual({ to: 'platform' });
  });
});

describe('nftSellerProceeds', () => {
  it('pays the seller the price less the fee, rounded down to the coin\'s unit, the fee taking the rest', () => {
    expect(nftSellerProceeds('99.99', '0.025', 6)).toEqual({ proceeds: '97.49025', fee: '2.49975' });
    expect(nftSellerProceeds('0.000001', '0.025', 6)).toEqual({ proceeds: '0', fee: '0.000001' });
    expect(nftSellerProceeds('200', '0', 6)).toEqual({ proceeds: '200', fee: '0' });
  });
});

describe('hashes', () => {
  it('agrees with node:crypto for SHA-256 and HMAC-SHA256, short and long inputs and keys', () => {
    for (const text of ['', 'abc', 'fairex-demo-seed', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(200), '日本語']) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
      expect(hmacSha256Hex(text || 'k', 'lucky:1')).toBe(createHmac('sha256', text || 'k').update('lucky:1').digest('hex'));
    }
  });
});

describe('the draw', () => {
  const { serverSeed, userSeed, nonce, pool } = NFT_DRAW_EXAMPLE;

  it('gives the module\'s worked example', () => {
    expect(sha256Hex(serverSeed)).toBe('c3c5e2a5f442b70df03fd3a4076d627ed795ec74aa67d796d7edcb539d075f6a');
    const draw = nftDraw(serverSeed, userSeed, nonce, pool);
    expect(draw).toEqual({ digest: 'c6e80caad71f4a23917cfd9cc34984e750b14e76ff8aad56746e9bd2ed0bcfd2', total: 100, point: 77, itemId: 12 });
    expect(nftDraw(serverSeed, userSeed, 2, pool)).toMatchObject({ point: 67, itemId: 12 });
  });

  it('follows the weights over many nonces (within a few points of 60/30/10)', () => {
    const counts = new Map<number, number>();
    for (let n = 1; n <= 3000; n += 1) {
      const { itemId } = nftDraw('seed', 'user', n, pool);
      counts.set(itemId, (counts.get(itemId) ?? 0) + 1);
    }
    expect(Math.abs(counts.get(11)! / 3000 - 0.6)).toBeLessThan(0.04);
    expect(Math.abs(counts.get(12)! / 3000 - 0.3)).toBeLessThan(0.04);
    expect(Math.abs(counts.get(13)! / 3000 - 0.1)).toBeLessThan(0.03);
  });

  it('publishes odds per item to six decimals', () => {
    expect(nftOdds([[1, 1], [2, 2]])).toEqual([
      { itemId: 1, odds: '0.333333' },
      { itemId: 2, odds: '0.666667' },
    ]);
  });

  it('verifies a true record and refuses a changed seed, nonce, pool or item', () => {
    const draw = nftDraw(serverSeed, userSeed, nonce, pool);
    const record = { server_seed: serverSeed, server_seed_hash: sha256Hex(serverSeed), user_seed: userSeed, nonce, pool, item_id: draw.itemId, point: draw.point };
    expect(verifyNftDraw(record)).toMatchObject({ hashMatches: true, drawMatches: true });
    expect(verifyNftDraw({ ...record, server_seed: 'other' }).hashMatches).toBe(false);
    expect(verifyNftDraw({ ...record, item_id: 13 }).drawMatches).toBe(false);
    expect(verifyNftDraw({ ...record, point: draw.point + 1 }).drawMatches).toBe(false);
    expect(verifyNftDraw({ ...record, pool: [[11, 10], [12, 30], [13, 60]] }).drawMatches).toBe(false);
  });

  it('refuses an empty pool or a weight that is not a positive whole number', () => {
    expect(() => nftDraw('s', 'u', 1, [])).toThrow(RangeError);
    expect(() => nftDraw('s', 'u', 1, [[1, 0.5]])).toThrow(RangeError);
  });
});
