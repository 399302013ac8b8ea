import type { MouseEvent, ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useLocation, useNavigate } from 'react-router';

/** A Fluent link that navigates inside the app (a real href, so it can also be opened in a new tab). */
export function RouterLink({
  to,
  children,
  className,
  onNavigate,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = pathname === to || pathname.startsWith(`${to}/`);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onNavigate?.();
    navigate(to);
  };
  return (
    <Link href={to} onClick={onClick} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}
