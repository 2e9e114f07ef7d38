import { Link, useSearchParams } from 'react-router'
import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import Markdown from '../components/Markdown'
import Icon from '../components/Icon'
import { EmptyState, ErrorState, Skeleton } from '../components/States'
import { useGetStoriesQuery } from '../features/content/api'
import { asApiError, isMissing } from '../api/api'
import { formatDate } from '../lib/format'

/** /success-stories-detail?id= */
export default function SuccessStoryDetail() {
  const [params] = useSearchParams()
  const id = params.get('id') ?? ''
  const { data, error, isLoading, refetch } = useGetStoriesQuery({ skip: 0, limit: 1, id }, { skip: !id })
  // Only the story asked for: another one in its place would be the wrong couple's story.
  const story = data?.items.find((s) => String(s.id) === id)
  const title = story ? story.title || `${story.brideName} & ${story.groomName}` : 'Success Story'
  return (
    <>
      <Seo title={title} description={story?.summary || 'A success story from our Christian matrimony service.'} path={`/success-stories-detail?id=${encodeURIComponent(id)}`} type="article" />
      <PageHeader title={title} crumbs={[{ to: '/success-stories', label: 'Success Stories' }]} />
      <section className="container section">
        <article className="content-card narrow">
          {!id ? (
            <EmptyState title="Which story would you like to read?">
              <Link to="/success-stories">See all success stories</Link>
            </EmptyState>
          ) : isLoading ? (
            <Skeleton lines={10} />
          ) : error && !isMissing(error) ? (
            <ErrorState message={asApiError(error)?.message} onRetry={refetch} />
          ) : !story ? (
            <EmptyState title="This story is not available.">
              <Link to="/success-stories">See all success stories</Link>
            </EmptyState>
          ) : (
            <>
              <div className="story-hero">
                <div className="story-hero__names">
                  <span>{story.brideName}</span>
                  <Icon name="heart" size={20} />
                  <span>{story.groomName}</span>
                </div>
                <p className="muted">
                  {[story.denomination, story.city, story.weddingDate && `married ${formatDate(story.weddingDate)}`].filter(Boolean).join(' · ')}
                </p>
              </div>
              {story.summary && <p className="lead">{story.summary}</p>}
              <Markdown body={story.story} />
              <p className="btn-row">
                <Link to="/success-stories" className="btn btn--outline">
                  ‹ All success stories
                </Link>
                <Link to="/register" className="btn btn--primary">
                  Begin your own story
                </Link>
              </p>
            </>
          )}
        </article>
      </section>
    </>
  )
}
