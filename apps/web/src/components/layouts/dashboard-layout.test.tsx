import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../test/render.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';

function renderLayout(fullWidth = false) {
  return renderWithProviders(
    <MemoryRouter>
      <DashboardLayout
        fullWidth={fullWidth}
        sidebar={<a href="/account">Account settings</a>}
        header={(toggle) => <header>{toggle}</header>}
        labels={{ openSidebar: 'Open menu', closeSidebar: 'Close menu', sidebar: 'Dashboard', skipToContent: 'Skip to content' }}
      >
        <p>content</p>
      </DashboardLayout>
    </MemoryRouter>,
  );
}

describe('DashboardLayout', () => {
  it('opens the sidebar from the header button and closes it with Escape', () => {
    renderLayout();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Close menu');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes the sidebar from its own close button', () => {
    renderLayout();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    const closeButtons = screen.getAllByRole('button', { name: 'Close menu' });
    fireEvent.click(closeButtons[closeButtons.length - 1]!);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('centres the main area unless full width is asked for', () => {
    const { unmount } = renderLayout();
    expect(screen.getByRole('main').className).toContain('max-w-4xl');
    unmount();
    renderLayout(true);
    expect(screen.getByRole('main').className).not.toContain('max-w-4xl');
  });
});
