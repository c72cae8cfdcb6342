/**
 * Proves the identity screens: each state of both levels as GET /real/state gives it (not verified,
 * under review, verified, not approved with its reason), the bind-first message for a user without
 * email and mobile, the basic form's checks and call, the advanced form offered only once basic is
 * verified (both photos required, uploaded before POST /user/real).
 */
import type { UserInfo } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeApi, USER } from '../../test/fake-api.ts';
import { identityStatus } from '../../test/identity-status.ts';
import { renderApp } from '../../test/render-app.tsx';

const ID_CARD = '11010519491231002X';
const BOUND: UserInfo = { ...USER, mobile: '13800138000' };

let uploads = 0;
function fake(state: ReturnType<typeof identityStatus>, user = BOUND, real: { type: string; message: unknown; code?: string } = { type: 'ok', message: '' }) {
  uploads = 0;
  return fakeApi({
    '/user/info': { type: 'ok', message: user },
    '/real/state': { type: 'ok', message: state },
    '/upload': () => ({ type: 'ok', message: `/uploads/${String(++uploads).repeat(32)}.png?exp=1767225600&sig=s${uploads}` }),
    '/user/real': real,
  });
}

/** The status list's row texts, label then value. */
async function statusRows() {
  const group = await screen.findByRole('region', { name: 'Verification status' });
  return [...group.querySelectorAll('.cell')].map((cell) => [...cell.children].map((part) => part.textContent));
}

const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
const photo = (name: string) => new File(['png'], name, { type: 'image/png' });

describe('identity verification', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows both levels not verified and offers the basic form only', async () => {
    saveToken('a-token');
    fake(identityStatus('not_authenticated'));
    renderApp('/pages/setting/real');
    expect(await statusRows()).toEqual([
      ['Basic verification (Lv1)', 'Not verified'],
      ['Advanced verification (Lv2)', 'Not verified'],
      ['24-hour withdrawal limit', '0 BTC'],
      ['Fiat trade limit per order', '0 USDT'],
    ]);
    expect(await screen.findByRole('heading', { name: 'Basic verification (Lv1)' })).toBeTruthy();
    expect(screen.getByLabelText('Full name')).toBeTruthy();
    // Advanced comes only after basic.
    expect(screen.queryByRole('heading', { name: 'Advanced verification (Lv2)' })).toBeNull();
    expect(screen.queryByLabelText('Front of the document')).toBeNull();
  });

  it('asks a user without a mobile to bind it first, and opens the security centre', async () => {
    saveToken('a-token');
    const api = fake(identityStatus('not_authenticated'), USER);
    const { router } = renderApp('/pages/setting/real');
    expect(await screen.findByText('Please bind your email and mobile number before identity verification')).toBeTruthy();
    expect(screen.queryByLabelText('Full name')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go to the security centre' })));
    expect(router.state.location.pathname).toBe('/pages/setting/security');
    expect(api.count('/user/real')).toBe(0);
  });

  it('checks the name and the document number, then submits the basic level', async () => {
    saveToken('a-token');
    const api = fake(identityStatus('not_authenticated'));
    renderApp('/pages/setting/real');
    const number = await screen.findByLabelText('Document number');
    fireEvent.change(number, { target: { value: '110105194912310021' } });
    await submit();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please enter your name', 'Please enter the correct document number']);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: ' Li Lei ' } });
    fireEvent.change(number, { target: { value: ID_CARD } });
    await submit();
    await vi.waitFor(() => expect(api.count('/user/real')).toBe(1));
    expect(api.bodyOf('/user/real')).toMatchObject({ real_type: '1', id_type: 'id_card', name: 'Li Lei', card_id: ID_CARD });
    expect(await screen.findByText('Submitted for review')).toBeTruthy();
  });

  it('refuses markup and digits in the name under the field, and shows the server’s refusal of a name there too', async () => {
    saveToken('a-token');
    const message = 'Enter your name as on your document';
    const api = fake(identityStatus('not_authenticated'), BOUND, { type: 'error', message, code: 'name_invalid' });
    renderApp('/pages/setting/real');
    const name = await screen.findByLabelText('Full name');
    fireEvent.change(screen.getByLabelText('Document number'), { target: { value: ID_CARD } });
    for (const bad of ['<b>Li</b>', 'Li Lei 2', 'Li--Lei']) {
      fireEvent.change(name, { target: { value: bad } });
      await submit();
      expect(screen.getByRole('alert').textContent, bad).toBe("Enter your name as on your document: letters, spaces and ' - . · only");
      expect(name.getAttribute('aria-invalid')).toBe('true');
    }
    expect(api.count('/user/real')).toBe(0);
    // Typing clears the error; a name the form takes and the server refuses shows the server's message under it.
    fireEvent.change(name, { target: { value: 'Jean-Luc Picard' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await submit();
    await vi.waitFor(() => expect(api.count('/user/real')).toBe(1));
    expect((await screen.findAllByText(message)).some((node) => node.getAttribute('role') === 'alert')).toBe(true);
  });

  it('sends a passport by its type, checked by the passport rule', async () => {
    saveToken('a-token');
    const api = fake(identityStatus('not_authenticated'));
    renderApp('/pages/setting/real');
    fireEvent.change(await screen.findByLabelText('Document type'), { target: { value: 'passport' } });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Jane Doe' } });
    // Too short for a passport, though a licence would take it.
    fireEvent.change(screen.getByLabelText('Document number'), { target: { value: 'E1234' } });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter the correct document number');
    fireEvent.change(screen.getByLabelText('Document number'), { target: { value: 'E12345678' } });
    await submit();
    await vi.waitFor(() => expect(api.count('/user/real')).toBe(1));
    expect(api.bodyOf('/user/real')).toMatchObject({ real_type: '1', id_type: 'passport', card_id: 'E12345678' });
  });

  it('sends the user to the security centre when the server asks to bind first', async () => {
    saveToken('a-token');
    const message = 'Please bind your email and mobile number first';
    fake(identityStatus('not_authenticated'), BOUND, { type: 'error', message, code: 'identity_bind_first' });
    const { router } = renderApp('/pages/setting/real');
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: 'Li Lei' } });
    fireEvent.change(screen.getByLabelText('Document number'), { target: { value: ID_CARD } });
    await submit();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/setting/security'));
  });

  it('shows basic under review with the notice and no form', async () => {
    saveToken('a-token');
    fake(identityStatus('under_review'));
    renderApp('/pages/setting/real');
    expect((await statusRows())[0]).toEqual(['Basic verification (Lv1)', 'Under review']);
    expect(screen.getByText('Your documents are under review. We will update the status once it is done.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('shows a rejection with its reason and offers the basic form again', async () => {
    saveToken('a-token');
    fake(identityStatus('audit_failed', 'not_authenticated', 'Name does not match the document'));
    renderApp('/pages/setting/real');
    expect((await statusRows()).slice(0, 2)).toEqual([
      ['Basic verification (Lv1)', 'Not approved'],
      ['Reason for rejection', 'Name does not match the document'],
    ]);
    expect(screen.getByLabelText('Full name')).toBeTruthy();
    expect(screen.queryByLabelText('Front of the document')).toBeNull();
  });

  it('offers the advanced level once basic is verified, requiring both photos', async () => {
    saveToken('a-token');
    const api = fake(identityStatus('authenticated'));
    renderApp('/pages/setting/real');
    expect((await statusRows()).slice(0, 3)).toEqual([
      ['Basic verification (Lv1)', 'Verified'],
      ['Advanced verification (Lv2)', 'Not verified'],
      ['24-hour withdrawal limit', '200 BTC'],
    ]);
    const form = (await screen.findByRole('heading', { name: 'Advanced verification (Lv2)' })).closest('form')!;
    expect(within(form).queryByLabelText('Full name')).toBeNull();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please upload both photos');
    fireEvent.change(screen.getByLabelText('Front of the document'), { target: { files: [photo('front.png')] } });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please upload both photos');
    expect(api.count('/upload')).toBe(0);

    fireEvent.change(screen.getByLabelText('Back of the document'), { target: { files: [photo('back.png')] } });
    await submit();
    await vi.waitFor(() => expect(api.count('/user/real')).toBe(1));
    expect(api.count('/upload')).toBe(2);
    expect(api.bodyOf('/user/real')).toMatchObject({
      real_type: '2',
      front_pic: `/uploads/${'1'.repeat(32)}.png?exp=1767225600&sig=s1`,
      reverse_pic: `/uploads/${'2'.repeat(32)}.png?exp=1767225600&sig=s2`,
    });
    expect(await screen.findByText('Submitted for review')).toBeTruthy();
  });

  it('shows both levels verified with the higher limits and no form', async () => {
    saveToken('a-token');
    fake(identityStatus('authenticated', 'authenticated'));
    renderApp('/pages/setting/real');
    expect(await statusRows()).toEqual([
      ['Basic verification (Lv1)', 'Verified'],
      ['Advanced verification (Lv2)', 'Verified'],
      ['24-hour withdrawal limit', '500 BTC'],
      ['Fiat trade limit per order', '1,000,000 USDT'],
    ]);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('shows advanced under review, and advanced not approved with its reason and the form again', async () => {
    saveToken('a-token');
    fake(identityStatus('authenticated', 'under_review'));
    const first = renderApp('/pages/setting/real');
    expect((await statusRows())[1]).toEqual(['Advanced verification (Lv2)', 'Under review']);
    expect(screen.getByText('Your documents are under review. We will update the status once it is done.')).toBeTruthy();
    expect(screen.queryByLabelText('Front of the document')).toBeNull();
    first.unmount();

    fake(identityStatus('authenticated', 'audit_failed', 'Photo unreadable'));
    renderApp('/pages/setting/real');
    expect((await statusRows()).slice(1, 3)).toEqual([
      ['Advanced verification (Lv2)', 'Not approved'],
      ['Reason for rejection', 'Photo unreadable'],
    ]);
    expect(screen.getByLabelText('Front of the document')).toBeTruthy();
  });
});
