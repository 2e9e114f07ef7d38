/** A blog as the web-admin back end lists it at GET /api/blogs. */
export interface WebAdminBlog {
  id?: string | number
  title: string
  slug?: string
}

/** GET /api/blogs (not under /api/v1, no envelope): {"response":[...]}. Throws on failure. */
export async function fetchWebAdminBlogs(signal?: AbortSignal): Promise<WebAdminBlog[]> {
  const res = await fetch('/api/blogs', { signal, headers: { Accept: 'application/json' } })
  if (!res.ok) throw new Error(`GET /api/blogs answered ${res.status}`)
  const body = (await res.json()) as { response?: unknown }
  if (!Array.isArray(body.response)) throw new Error('GET /api/blogs: no response list')
  return (body.response as WebAdminBlog[]).filter((b) => b && typeof b.title === 'string')
}
