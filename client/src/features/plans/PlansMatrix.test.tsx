import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { PlanCards, PlansMatrix } from './PlansMatrix'
import type { Plan } from './api'
import { footerPlanLinks } from './anchors'

const plans: Plan[] = [
  { id: 1, name: 'TFM-EXECUTIVE', months: 3, priceInr: 2499, contactViews: 25, startChats: true, profileHighlight: false, prioritySupport: false },
  { id: 2, name: 'TFM-CLASSIC', months: 3, priceInr: 3999, contactViews: 50, startChats: true, profileHighlight: false, prioritySupport: false },
  { id: 3, name: 'TFM-PREMIUM', months: 6, priceInr: 6999, contactViews: 120, startChats: true, profileHighlight: true, prioritySupport: false },
  { id: 4, name: 'TFM-SUPREME', months: 12, priceInr: 11999, contactViews: 300, startChats: true, profileHighlight: true, prioritySupport: true },
]

describe('plans', () => {
  it('renders 4 plan cards with en-IN prices and Join links to /register', () => {
    render(
      <MemoryRouter>
        <PlanCards plans={plans} />
      </MemoryRouter>,
    )
    const cards = screen.getAllByTestId('plan-card')
    expect(cards).toHaveLength(4)
    expect(screen.getAllByTestId('plan-price').map((p) => p.textContent)).toEqual(['₹2,499', '₹3,999', '₹6,999', '₹11,999'])
    const join = within(cards[0]).getByRole('link', { name: 'Join with TFM-EXECUTIVE' })
    expect(join.getAttribute('href')).toMatch(/^\/register/)
    expect(cards[0].id).toBe('executive')
    expect(cards[1].id).toBe('classic-premium')
    expect(cards[3].id).toBe('supreme')
  })

  it('renders the matrix with a free column and every plan', () => {
    render(
      <MemoryRouter>
        <PlansMatrix plans={plans} />
      </MemoryRouter>,
    )
    const table = screen.getByRole('table')
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Feature', 'Free', 'TFM-EXECUTIVE', 'TFM-CLASSIC', 'TFM-PREMIUM', 'TFM-SUPREME'])
    const invites = within(table).getByRole('row', { name: /Invitations a day/ })
    expect(within(invites).getAllByRole('cell').map((c) => c.textContent)).toEqual(['10', '50', '50', '50', '50'])
    expect(within(table).getByText('After a mutually accepted invitation')).toBeInTheDocument()
  })

  it('points CLASSIC and PREMIUM footer links at one target', () => {
    const links = footerPlanLinks('TFM')
    expect(links.map((l) => l.name)).toEqual(['TFM-EXECUTIVE', 'TFM-CLASSIC', 'TFM-PREMIUM', 'TFM-SUPREME'])
    expect(links[1].to).toBe(links[2].to)
    expect(links.map((l) => l.to)).toEqual(['/plans#executive', '/plans#classic-premium', '/plans#classic-premium', '/plans#supreme'])
  })
})
