import { Link } from 'react-router'
import Icon from '../../components/Icon'
import { blogPath } from '../../lib/slugify'
import { formatDate } from '../../lib/format'
import type { Blog, SuccessStory } from './types'

/** Initials of a couple for the story medallion (visitors never see member photos). */
function initials(a: string, b: string) {
  return `${a.trim()[0] ?? ''}${b.trim()[0] ?? ''}`.toUpperCase()
}

/** A success-story teaser. */
export function StoryCard({ story, headingLevel = 3 }: { story: SuccessStory; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as 'h2' | 'h3'
  return (
    <article className="card story-card">
      <div className="story-card__medallion" aria-hidden="true">
        <span>{initials(story.brideName, story.groomName)}</span>
        <Icon name="heart" size={16} />
      </div>
      <div className="card__body">
        <H className="card__title">
          <Link to={`/success-stories-detail?id=${encodeURIComponent(String(story.id))}`} className="card__link">
            {story.title || `${story.brideName} & ${story.groomName}`}
          </Link>
        </H>
        <p className="card__meta">
          {story.brideName} &amp; {story.groomName}
          {story.denomination && <> · {story.denomination}</>}
          {story.city && <> · {story.city}</>}
        </p>
        <p className="card__text">{story.summary}</p>
        {story.weddingDate && <p className="card__foot">Married {formatDate(story.weddingDate)}</p>}
      </div>
    </article>
  )
}

/** A blog teaser. */
export function BlogCard({ blog, headingLevel = 3 }: { blog: Blog; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as 'h2' | 'h3'
  return (
    <article className="card blog-card">
      <div className="blog-card__band" aria-hidden="true">
        <span>{blog.tags?.[0] ?? 'Marriage'}</span>
      </div>
      <div className="card__body">
        <H className="card__title">
          <Link to={blogPath(blog)} className="card__link">
            {blog.title}
          </Link>
        </H>
        <p className="card__meta">
          {blog.author && <>{blog.author} · </>}
          {formatDate(blog.publishedAt)}
          {blog.readMinutes ? <> · {blog.readMinutes} min read</> : null}
        </p>
        <p className="card__text">{blog.summary}</p>
      </div>
    </article>
  )
}
