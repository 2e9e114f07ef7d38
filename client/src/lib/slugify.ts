/** Makes a blog link slug from a title exactly as the server does: lower case, runs of non-alphanumerics become "-". */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** Link to a blog post from its slug (or its title when no slug is known). */
export function blogPath(blog: { slug?: string; title: string }): string {
  return '/blogs/' + (blog.slug || slugify(blog.title))
}
