import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { Tabs } from './Tabs';

const ITEMS = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
  { value: 'c', label: 'Gamma' },
] as const;

function Harness() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <FluentProvider theme={webLightTheme}>
      <Tabs label="Letters" items={ITEMS} value={value} onChange={setValue} />
      <p>shown: {value}</p>
    </FluentProvider>
  );
}

describe('Tabs', () => {
  it('is a labelled tablist holding only tabs; one tab stop; arrows, Home and End move and select', async () => {
    render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Letters' });
    expect([...list.children].every((c) => c.getAttribute('role') === 'tab')).toBe(true);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    await userEvent.tab();
    expect(tabs[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('shown: b')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tabs[2]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByText('shown: a')).toBeInTheDocument();
    await userEvent.click(tabs[1]!);
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
  });
});
