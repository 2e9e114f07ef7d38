import { test as base, expect } from '@playwright/test'
import type { APIRequestContext } from '@playwright/test'
import { readState } from './state'

/** Base URL of the seeded server started by global setup. */
export const baseURL = () => {
  const u = process.env.TFM_BASE_URL || readState()?.main.url
  if (!u) throw new Error('TFM_BASE_URL not set: global setup did not run')
  return u
}

/** Base URL of the maintenance-mode server. */
export const maintenanceURL = () => {
  const u = process.env.TFM_MAINTENANCE_URL || readState()?.maintenance.url
  if (!u) throw new Error('TFM_MAINTENANCE_URL not set: global setup did not run')
  return u
}

/** Tests get the seeded server as baseURL, so page.goto('/faq') works. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern, and this one has none.
  baseURL: async ({}, use) => {
    await use(baseURL())
  },
})

export { expect }

interface Envelope<T> {
  meta: { code: number; message: string }
  data: T
}

/** Reads seeded data straight from the API, so the UI checks do not hard-code seed content. */
export async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const url = baseURL() + path
  const res = method === 'GET' ? await request.get(url) : await request.post(url, { data: body ?? {} })
  expect(res.status(), `${method} ${path}`).toBe(200)
  const env = (await res.json()) as Envelope<T>
  expect(env.meta.code).toBe(200)
  return env.data
}

export interface SeedBlog {
  id: number | string
  title: string
  slug: string
  summary: string
}
export interface SeedStory {
  id: number | string
  title: string
  brideName: string
  groomName: string
}
