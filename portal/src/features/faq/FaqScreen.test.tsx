import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FREE_MONTHLY_CREDITS, PLANS } from '@shared/constants';
import { ACCOUNT_MESSAGES } from '@shared/messages';
import { renderApp } from '../../test/render-app';

describe('FAQ', () => {
  it('has the five sections; one open at a time; collapsible', async () => {
    renderApp({ path: '/faq' });
    const titles = ['General Information', 'Features', 'Pricing and Plans', 'Account and Settings', 'Technical Support'];
    const buttons = await Promise.all(titles.map((t) => screen.findByRole('button', { name: t })));
    for (const b of buttons) expect(b).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(buttons[0]!);
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('What is Icebreak & Enrich?')).toBeVisible();

    await userEvent.click(buttons[2]!);
    expect(buttons[2]).toHaveAttribute('aria-expanded', 'true');
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(buttons[2]!);
    expect(buttons[2]).toHaveAttribute('aria-expanded', 'false');
  });

  it('states the plan figures of the shared constants (the same as the plans page)', async () => {
    renderApp({ path: '/faq' });
    await userEvent.click(await screen.findByRole('button', { name: 'Pricing and Plans' }));
    const answer = screen.getByText(/credits for \$/).textContent!;
    for (const p of PLANS) expect(answer).toContain(`${p.name}: ${p.credits.toLocaleString('en-US')} credits for $${p.priceUsd} per month`);
    expect(answer).toContain(`${FREE_MONTHLY_CREDITS} free credits every month`);
    expect(answer).not.toMatch(/\b(50|300|2000) credits/);
  });

  it('the help answer gives the support address (SUPPORT_EMAIL); teams are answered under Account, not Features', async () => {
    renderApp({ path: '/faq', config: { supportEmail: 'helpdesk@icebreak.example' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Technical Support' }));
    expect(screen.getByText(/^Write to helpdesk@icebreak\.example\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Features' }));
    expect(screen.queryByText(/team/i)).toBeNull();
  });

  it('promises news-driven starters, phone practice and plan changes only where this server offers them', async () => {
    const off = {
      newsEnabled: false,
      paymentsEnabled: false,
      practice: { phoneEnabled: false, phoneNumber: null, callsPerDay: 5, maxMinutes: 10 },
    };
    const first = renderApp({ path: '/faq', config: off });
    await userEvent.click(await screen.findByRole('button', { name: 'Features' }));
    expect(screen.queryByText(/tied to recent news/)).toBeNull();
    expect(screen.getByText(/news-driven starters need a news source/)).toBeInTheDocument();
    expect(screen.getByText(/^Yes, in the browser/)).toHaveTextContent(/Phone practice calls need a phone provider/);
    await userEvent.click(screen.getByRole('button', { name: 'Pricing and Plans' }));
    expect(screen.getByText(/^Not here yet/)).toHaveTextContent(ACCOUNT_MESSAGES.paymentsOffReason);
    expect(screen.queryByText(/^Yes, at any time from the Premium page/)).toBeNull();
    first.unmount();

    renderApp({
      path: '/faq',
      config: {
        newsEnabled: true,
        paymentsEnabled: true,
        practice: { phoneEnabled: true, phoneNumber: '+15550100', callsPerDay: 5, maxMinutes: 10 },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Features' }));
    expect(screen.getByText(/tied to recent news about their company/)).toBeInTheDocument();
    expect(screen.getByText(/or as a phone call to the number saved in Settings/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pricing and Plans' }));
    // The same refund promise as the plans page and the delete dialog.
    expect(screen.getByText(/^Yes, at any time from the Premium page/)).toHaveTextContent(ACCOUNT_MESSAGES.moneyBackGuarantee);
  });
});
