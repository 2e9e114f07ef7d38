import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'

// Helpers for journeys that start as a new member: a unique name, a mobile
// number, the three registration steps and the password login.

/** Unique letters-only text (names may contain letters only). */
export function letters(n: number): string {
  const a = 'abcdefghijklmnopqrstuvwxyz'
  let s = ''
  for (let i = 0; i < n; i++) s += a[Math.floor(Math.random() * a.length)]
  return s
}

/** A random valid Indian mobile (starts 6–9, not one repeated digit). */
export function mobile(): string {
  return '9' + String(Math.floor(100_000_000 + Math.random() * 899_999_999))
}

/** Logs in on the open login page with e-mail and password. */
export async function loginWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email)
  await page.locator('#pwd').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

/** Who registers. */
export interface Person {
  name: string
  email: string
  phone: string
  dob: string
}

/** A new bride (or groom) with a unique name, e-mail and mobile, born on dob (YYYY-MM-DD). */
export function newPerson(first: string, dob: string): Person {
  return { name: `${first} ${letters(8)}`, email: `e2e.${Date.now()}.${letters(4)}@example.in`, phone: mobile(), dob }
}

/**
 * Fills the three registration steps (CSI, Tamil) on the open /register page and sends them; shot takes a
 * screenshot at each step. Where the new member lands is the caller's to check.
 */
export async function fillRegistration(page: Page, p: Person, password: string, shot?: (name: string) => Promise<void>, role: 'Bride' | 'Groom' = 'Bride') {
  await expect(page.getByRole('heading', { name: 'Join us free' })).toBeVisible()
  await page.getByLabel(/This profile is for/).selectOption('self')
  await page.getByLabel(/Your name/).fill(p.name)
  await page.getByLabel(role, { exact: true }).check()
  await page.getByLabel(/Date of birth/).fill(p.dob)
  if (shot) await shot('register-step1-1280')
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page.getByRole('heading', { name: /Step 2 of 3/ })).toBeVisible()
  await page.getByLabel(/^Email/).fill(p.email)
  await page.getByLabel(/Mobile number/).fill(p.phone)
  await page.locator('#password').fill(password)
  await page.locator('#confirmPassword').fill(password)
  if (shot) await shot('register-step2-1280')
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page.getByRole('heading', { name: /Step 3 of 3/ })).toBeVisible()
  await expect(page.getByLabel(/Religion/)).toHaveValue(/\d+/)
  await page.getByLabel(/Denomination/).selectOption({ label: 'CSI' })
  await page.getByLabel(/Mother tongue/).selectOption({ label: 'Tamil' })
  if (shot) await shot('register-step3-1280')
  await page.getByRole('button', { name: 'Register free' }).click()
}

/** Goes through the three registration steps (CSI, Tamil) and lands on /my-matrimony; shot takes a screenshot at each step. */
export async function register(page: Page, p: Person, password: string, shot?: (name: string) => Promise<void>, role: 'Bride' | 'Groom' = 'Bride') {
  await page.goto('/register')
  await fillRegistration(page, p, password, shot, role)
  await expect(page).toHaveURL(/\/my-matrimony$/)
  await expect(page.getByRole('heading', { name: `Welcome, ${p.name}` })).toBeVisible()
}
