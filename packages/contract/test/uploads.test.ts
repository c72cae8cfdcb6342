// Proves an upload input takes a reference bare or signed, parses it to the bare form that is stored,
// and refuses anything else with the field's own code.
import { describe, expect, it } from 'vitest';
import { bareUploadReference, zUploadReference } from '../src/uploads.ts';

const BARE = '/uploads/0123456789abcdef0123456789abcdef.png';

describe('upload references', () => {
  it('parses a bare or a signed reference to the bare one', () => {
    expect(bareUploadReference(BARE)).toBe(BARE);
    expect(bareUploadReference(`${BARE}?exp=1767225600&sig=Ab-_09`)).toBe(BARE);
    expect(zUploadReference('voucher_required').parse(` ${BARE}?exp=1767225600&sig=x `)).toBe(BARE);
  });

  it('refuses other paths, names and queries', () => {
    for (const value of [
      '',
      '/uploads/x.png',
      '/uploads/../../etc/passwd',
      '/uploads/0123456789abcdef0123456789abcdef.svg',
      'https://evil.example/uploads/0123456789abcdef0123456789abcdef.png',
      `${BARE}?exp=1&sig=a&more=1`,
      `${BARE}?sig=a`,
      `${BARE}?`,
    ]) {
      expect(bareUploadReference(value), value).toBeUndefined();
    }
    const result = zUploadReference('qrcode_required').safeParse('/etc/passwd');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('qrcode_required');
    expect(zUploadReference('qrcode_required').safeParse(undefined).error?.issues[0]?.message).toBe('qrcode_required');
  });
});
