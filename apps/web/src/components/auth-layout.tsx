import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark.tsx';
import { NavBar } from './nav-bar.tsx';

/** The frame of the login, register and forgot-password screens. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="page auth">
      <NavBar />
      <div className="auth__hero">
        <BrandMark size={44} />
        <h1 className="auth__title">{title}</h1>
        <p className="auth__subtitle">{subtitle}</p>
      </div>
      {children}
    </div>
  );
}
