import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { NavBar } from './NavBar';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

function renderAt(path: string, onLogout = vi.fn()) {
  render(
    <FluentProvider theme={webLightTheme}>
      <MemoryRouter initialEntries={[path]}>
        <NavBar onLogout={onLogout} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </FluentProvider>,
  );
  return onLogout;
}

describe('NavBar menu (phone-sized)', () => {
  it('loads the menu on the first press, opens it with the current page marked, and navigates', async () => {
    renderAt('/faq');
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    expect(await screen.findByRole('menuitem', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).not.toHaveAttribute('aria-current');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(screen.getByText('at /settings')).toBeInTheDocument();
  });

  it('Logout in the menu calls onLogout', async () => {
    const onLogout = renderAt('/icebreak');
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
