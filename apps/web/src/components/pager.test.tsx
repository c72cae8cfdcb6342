import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { Pager } from './pager.tsx';

const pager = (props: ComponentProps<typeof Pager>) => (
  <I18nextProvider i18n={i18n}>
    <Pager {...props} />
  </I18nextProvider>
);

describe('Pager', () => {
  it('shows nothing while the list fits on one page (10 rows of 10)', () => {
    const { container } = render(pager({ label: 'Orders', page: 1, total: 10, pageSize: 10, onPage: () => undefined }));
    expect(container.textContent).toBe('');
  });

  it('counts the pages (21 rows of 10 make 3) and steps between them, disabled at either end', () => {
    const onPage = vi.fn();
    const { rerender } = render(pager({ label: 'Orders', page: 1, total: 21, pageSize: 10, onPage }));
    const nav = screen.getByRole('navigation', { name: 'Orders' });
    expect(nav.textContent).toContain('Page 1 of 3');
    const [previous, next] = screen.getAllByRole('button') as [HTMLButtonElement, HTMLButtonElement];
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    expect(onPage).toHaveBeenLastCalledWith(2);
    rerender(pager({ label: 'Orders', page: 3, total: 21, pageSize: 10, onPage }));
    expect((screen.getAllByRole('button')[1] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getAllByRole('button')[0]!);
    expect(onPage).toHaveBeenLastCalledWith(2);
  });
});
