import type { ReactElement } from 'react'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { PlanCards, PlansMatrix, planAction } from './PlansMatrix'
import type { PlanViewer } from './PlansMatrix'
import { footerPlanLinks } from './anchors'
import { PLANS } from './fixtures.test-util'

const visitor: PlanViewer = { kind: 'visitor' }
const freeMember: PlanViewer = { kind: 'member', plan: null }
const classicMember: PlanViewer = { kind: 'member', plan: { name: 'TFM-CLASSIC', expiresAt: '2027-02-27T10:00:00Z' } }

const renderIn = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>)

describe('the plans', () => {
  it('renders every plan of GET plans as a card, the free tier first, with en-IN prices and Join links to /register?plan=', () => {
    renderIn(<PlanCards plans={PLANS} viewer={visitor} />)
    const cards = screen.getAllByTestId('plan-card')
    expect(cards).toHaveLength(5)
    expect(screen.getAllByTestId('plan-price').map((p) => p.textContent)).toEqual(['₹0', '₹2,499', '₹3,999', '₹6,999', '₹11,999'])
    expect(within(cards[0]).getByRole('link', { name: 'Join free' })).toHaveAttribute('href', '/register')
    expect(within(cards[1]).getByRole('link', { name: 'Join with TFM-EXECUTIVE' })).toHaveAttribute('href', '/register?plan=TFM-EXECUTIVE')
    expect(cards[1].id).toBe('executive')
    expect(cards[2].id).toBe('classic-premium')
    expect(cards[4].id).toBe('supreme')
  })

  it('reads the invitations a day of each plan from the data, not a constant', () => {
    const plans = PLANS.map((p) => ({ ...p, dailyInvitations: p.free ? 7 : 40 + p.id }))
    renderIn(<PlanCards plans={plans} viewer={visitor} />)
    expect(screen.getByText('7 invitations a day')).toBeInTheDocument()
    expect(screen.getByText('43 invitations a day')).toBeInTheDocument()
    renderIn(<PlansMatrix plans={plans} viewer={visitor} />)
    const invites = within(screen.getByRole('table')).getByRole('row', { name: /Invitations a day/ })
    expect(within(invites).getAllByRole('cell').map((c) => c.textContent)).toEqual(['7', '42', '43', '44', '45'])
  })

  it('renders the matrix from the data, with the free column first', () => {
    renderIn(<PlansMatrix plans={PLANS} viewer={visitor} />)
    const table = screen.getByRole('table')
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Feature', 'Free', 'TFM-EXECUTIVE', 'TFM-CLASSIC', 'TFM-PREMIUM', 'TFM-SUPREME'])
    const invites = within(table).getByRole('row', { name: /Invitations a day/ })
    expect(within(invites).getAllByRole('cell').map((c) => c.textContent)).toEqual(['10', '50', '50', '50', '50'])
    expect(within(table).getByText('After a mutually accepted invitation')).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'Join with TFM-CLASSIC' })).toHaveAttribute('href', '/register?plan=TFM-CLASSIC')
  })

  it('offers a free member "Buy" to the checkout, and marks the free tier as theirs', () => {
    renderIn(<PlanCards plans={PLANS} viewer={freeMember} />)
    const cards = screen.getAllByTestId('plan-card')
    expect(within(cards[0]).queryByRole('link')).toBeNull()
    expect(within(cards[0]).getByText('Your plan')).toBeInTheDocument()
    expect(within(cards[2]).getByRole('link', { name: 'Buy TFM-CLASSIC' })).toHaveAttribute('href', '/plan-upgrade?plan=TFM-CLASSIC')
    expect(within(cards[2]).getByRole('link', { name: 'Buy TFM-CLASSIC' })).toHaveTextContent('Buy')
  })

  it('offers a paid member Renew on their plan (marked with its expiry), Upgrade to a dearer one and Switch to a cheaper one', () => {
    renderIn(<PlanCards plans={PLANS} viewer={classicMember} />)
    const cards = screen.getAllByTestId('plan-card')
    expect(within(cards[2]).getByTestId('plan-current')).toHaveTextContent('Your plan, valid till 27-02-2027')
    expect(within(cards[2]).getByRole('link', { name: 'Renew TFM-CLASSIC' })).toHaveAttribute('href', '/plan-upgrade?plan=TFM-CLASSIC')
    expect(within(cards[3]).getByRole('link', { name: 'Upgrade to TFM-PREMIUM' })).toHaveTextContent('Upgrade')
    expect(within(cards[1]).getByRole('link', { name: 'Switch to TFM-EXECUTIVE' })).toHaveAttribute('href', '/plan-upgrade?plan=TFM-EXECUTIVE')
    expect(within(cards[0]).queryByRole('link')).toBeNull()
    expect(planAction(PLANS[4], classicMember, PLANS)?.label).toBe('Upgrade')
  })

  it('leaves the free tier out of the compact cards of the home page', () => {
    renderIn(<PlanCards plans={PLANS} viewer={visitor} compact />)
    expect(screen.getAllByTestId('plan-card')).toHaveLength(4)
  })

  it('points CLASSIC and PREMIUM footer links at one target', () => {
    const links = footerPlanLinks('TFM')
    expect(links.map((l) => l.name)).toEqual(['TFM-EXECUTIVE', 'TFM-CLASSIC', 'TFM-PREMIUM', 'TFM-SUPREME'])
    expect(links[1].to).toBe(links[2].to)
    expect(links.map((l) => l.to)).toEqual(['/plans#executive', '/plans#classic-premium', '/plans#classic-premium', '/plans#supreme'])
  })
})
