import { useState } from 'react'
import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import Seo from '../components/Seo'
import Icon from '../components/Icon'
import type { IconName } from '../components/Icon'
import { ErrorState, SkeletonCards } from '../components/States'
import { BlogCard, StoryCard } from '../features/content/cards'
import { useFilterBlogsQuery, useGetStoriesQuery } from '../features/content/api'
import { PlanCards, usePlanViewer } from '../features/billing/PlansMatrix'
import { useGetPlansQuery } from '../features/billing/api'
import { useAppSelector } from '../app/hooks'
import { selectCommunityOptions, selectStateOptions } from '../features/common/commonSlice'
import { selectIsLoggedIn } from '../entities/account'
import { asApiError } from '../api/api'
import { searchHref } from '../features/discovery/search/searchQuery'
import { config } from '../app/config'
import { ROUTES } from '../app/routes'

const AGES = Array.from({ length: 43 }, (_, i) => 18 + i)

/**
 * The hero's search box: it opens /search/basic with the search in the address, so a member lands on real results
 * and a visitor is led through sign-in with the search kept. Members search the opposite gender, so only a visitor
 * is asked whom they are looking for.
 */
function SearchTeaser() {
  const navigate = useNavigate()
  const member = useAppSelector(selectIsLoggedIn)
  const communities = useAppSelector(selectCommunityOptions)
  const states = useAppSelector(selectStateOptions)
  const [gender, setGender] = useState('20')
  const [ageFrom, setAgeFrom] = useState('21')
  const [ageTo, setAgeTo] = useState('30')
  const [community, setCommunity] = useState('')
  const [state, setState] = useState('0')
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const lo = Math.min(Number(ageFrom), Number(ageTo))
    const hi = Math.max(Number(ageFrom), Number(ageTo))
    const filter = {
      ageMin: lo,
      ageMax: hi,
      community: community ? [Number(community)] : [],
      // 0 is the list's "All states".
      state: state !== '0' ? [Number(state)] : [],
    }
    navigate(searchHref('basic', filter, member ? {} : { gender }))
  }
  return (
    <form className="search-teaser" onSubmit={onSubmit} aria-labelledby="search-teaser-title">
      <h2 id="search-teaser-title" className="search-teaser__title">
        {member ? 'Search profiles' : 'Begin your search'}
      </h2>
      {!member && (
        <fieldset className="segmented">
          <legend className="sr-only">I am looking for a</legend>
          <label className={gender === '20' ? 'is-checked' : ''}>
            <input type="radio" name="gender" value="20" checked={gender === '20'} onChange={() => setGender('20')} /> Bride
          </label>
          <label className={gender === '10' ? 'is-checked' : ''}>
            <input type="radio" name="gender" value="10" checked={gender === '10'} onChange={() => setGender('10')} /> Groom
          </label>
        </fieldset>
      )}
      <div className="search-teaser__row">
        <div className="field field--compact">
          <label htmlFor="st-age-from">Age from</label>
          <select id="st-age-from" value={ageFrom} onChange={(e) => setAgeFrom(e.target.value)}>
            {AGES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--compact">
          <label htmlFor="st-age-to">to</label>
          <select id="st-age-to" value={ageTo} onChange={(e) => setAgeTo(e.target.value)}>
            {AGES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field field--compact">
        <label htmlFor="st-community">Denomination</label>
        <select id="st-community" value={community} onChange={(e) => setCommunity(e.target.value)}>
          <option value="">Any denomination</option>
          {communities.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field field--compact">
        <label htmlFor="st-state">State</label>
        <select id="st-state" value={state} onChange={(e) => setState(e.target.value)}>
          {states.map((s) => (
            <option key={s.value} value={s.value}>
              {s.value === 0 ? 'All states' : s.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn--gold btn--block btn--lg">
        <Icon name="search" size={18} /> Search profiles
      </button>
      <p className="search-teaser__note">{member ? <Link to={ROUTES.searchAdvance}>More filters in Advance Search</Link> : 'Free to register · Members only see full profiles'}</p>
    </form>
  )
}

const TRUST: { icon: IconName; title: string; text: string }[] = [
  { icon: 'cross', title: 'Christians only', text: 'Every profile is a Christian bride or groom.' },
  { icon: 'badge', title: 'Verified badges', text: 'Mobile, e-mail, ID and parish-letter checks.' },
  { icon: 'lock', title: 'Private photos', text: 'Visitors never see member photos.' },
  { icon: 'phone', title: 'Real people to call', text: 'Our Chennai team helps families.' },
]

const STEPS: { icon: IconName; title: string; text: string }[] = [
  { icon: 'users', title: 'Register free', text: 'Create a profile yourself, or as a parent, brother or sister — with your denomination, parish and family details.' },
  { icon: 'search', title: 'Find matches', text: 'Set partner preferences: denomination, mother tongue, education, location. Daily recommendations arrive every morning.' },
  { icon: 'heart', title: 'Connect with respect', text: 'Send an invitation. When it is accepted, talk in private chat and involve both families at your own pace.' },
]

const DENOMINATIONS = ['Roman Catholic', 'Syro-Malabar', 'Latin Catholic', 'Marthoma', 'CSI', 'CNI', 'Jacobite Syrian', 'Malankara Orthodox', 'Knanaya', 'Pentecostal', 'IPC', 'Brethren', 'Baptist', 'Methodist', 'Lutheran', 'Adventist']

const PROMISES = [
  'Your photos are shown only to registered members — and only those you approve if you protect them.',
  'Your phone number and e-mail stay masked until a paid member views them, within your contact settings.',
  'Block or report anyone in one tap; blocked members disappear from every list and chat.',
  'Hide your profile when you are engaged, or delete everything you shared — for good.',
]

/** The home page. */
export default function Home() {
  const brand = config.brandName
  const stories = useGetStoriesQuery({ skip: 0, limit: 3 })
  const blogs = useFilterBlogsQuery({ skip: 0, limit: 3 })
  const plans = useGetPlansQuery()
  const viewer = usePlanViewer()
  const freeInvites = plans.data?.find((p) => p.free)?.dailyInvitations
  const member = useAppSelector(selectIsLoggedIn)
  return (
    <>
      <Seo title="" description={`${brand} Matrimony — the trusted matrimony service exclusively for Christian brides and grooms in India and their families. Register free.`} path="/" />
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Exclusively for Christian families in India</p>
            <h1 className="hero__title">
              A life partner who shares <em>your faith</em>
            </h1>
            <p className="hero__lead">
              {brand} Matrimony brings together Christian brides and grooms — Catholic, Orthodox, Marthoma, CSI, Pentecostal and more — with the privacy and respect your family expects.
            </p>
            <div className="hero__actions">
              <Link to={member ? '/my-matrimony' : '/register'} className="btn btn--gold btn--lg">
                {member ? 'Go to My Matrimony' : 'Register free'}
              </Link>
              <Link to="/success-stories" className="btn btn--light btn--lg">
                Read success stories
              </Link>
            </div>
          </div>
          <SearchTeaser />
        </div>
      </section>

      <section className="trust" aria-label="Why families trust us">
        <ul className="container trust__list">
          {TRUST.map((t) => (
            <li key={t.title} className="trust__item">
              <span className="trust__icon">
                <Icon name={t.icon} size={22} />
              </span>
              <span>
                <strong>{t.title}</strong>
                <span className="trust__text">{t.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="how-title">
        <div className="container">
          <p className="eyebrow eyebrow--center">Simple and dignified</p>
          <h2 id="how-title" className="section-title">
            How it works
          </h2>
          <ol className="steps">
            {STEPS.map((s, i) => (
              <li key={s.title} className="step">
                <span className="step__num" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="step__icon">
                  <Icon name={s.icon} size={26} />
                </span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="why-title">
        <div className="container split">
          <div>
            <p className="eyebrow">Why a Christian-only service</p>
            <h2 id="why-title" className="section-title section-title--left">
              Marriage is a sacrament. Your search should honour that.
            </h2>
            <p>
              On a general site, a Christian family wades through thousands of profiles that were never a fit. Here every member is a Christian, and your denomination, parish and
              faith practice are part of the profile — so you can look for someone from your own church, or keep your search open across traditions.
            </p>
            <p>We never ask for horoscope, complexion or caste ranking. We ask what matters to a Christian home: faith, family, education and character.</p>
          </div>
          <div className="denominations" aria-label="Some of the denominations our members belong to">
            {DENOMINATIONS.map((d) => (
              <span key={d} className="denomination">
                {d}
              </span>
            ))}
            <span className="denomination denomination--more">and many more</span>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="privacy-title">
        <div className="container split split--reverse">
          <div className="privacy-art" aria-hidden="true">
            <Icon name="shield" size={120} />
          </div>
          <div>
            <p className="eyebrow">Our privacy promises</p>
            <h2 id="privacy-title" className="section-title section-title--left">
              Your daughter&apos;s photo is not public property
            </h2>
            <ul className="check-list check-list--large">
              {PROMISES.map((p) => (
                <li key={p}>
                  <Icon name="check" size={20} /> {p}
                </li>
              ))}
            </ul>
            <Link to="/privacy" className="text-link">
              Read our privacy policy ›
            </Link>
          </div>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="plans-title">
        <div className="container">
          <p className="eyebrow eyebrow--center">Transparent pricing</p>
          <h2 id="plans-title" className="section-title">
            Plans for every family
          </h2>
          <p className="section-intro">
            Registering, searching and sending {freeInvites ? `up to ${freeInvites} invitations a day` : 'invitations'} are free. Upgrade to see contact details and start
            chats.
          </p>
          {plans.isLoading ? (
            <SkeletonCards count={4} />
          ) : plans.error ? (
            <ErrorState message={asApiError(plans.error)?.message} onRetry={plans.refetch} />
          ) : plans.data?.length ? (
            <PlanCards plans={plans.data} viewer={viewer} compact />
          ) : null}
          <p className="center">
            <Link to="/plans" className="btn btn--outline">
              Compare all plans
            </Link>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="stories-title">
        <div className="container">
          <p className="eyebrow eyebrow--center">Blessed beginnings</p>
          <h2 id="stories-title" className="section-title">
            Latest success stories
          </h2>
          {stories.isLoading ? (
            <SkeletonCards count={3} />
          ) : stories.error ? (
            <ErrorState message={asApiError(stories.error)?.message} onRetry={stories.refetch} />
          ) : stories.data?.items.length ? (
            <div className="card-grid card-grid--3" data-testid="home-stories">
              {stories.data.items.slice(0, 3).map((s) => (
                <StoryCard key={s.id} story={s} />
              ))}
            </div>
          ) : (
            <p className="center muted">The first stories are being written right now.</p>
          )}
          <p className="center">
            <Link to="/success-stories" className="btn btn--outline">
              All success stories
            </Link>
          </p>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="blogs-title">
        <div className="container">
          <p className="eyebrow eyebrow--center">Advice for families</p>
          <h2 id="blogs-title" className="section-title">
            From our blog
          </h2>
          {blogs.isLoading ? (
            <SkeletonCards count={3} />
          ) : blogs.error ? (
            <ErrorState message={asApiError(blogs.error)?.message} onRetry={blogs.refetch} />
          ) : blogs.data?.items.length ? (
            <div className="card-grid card-grid--3" data-testid="home-blogs">
              {blogs.data.items.slice(0, 3).map((b) => (
                <BlogCard key={b.id} blog={b} />
              ))}
            </div>
          ) : null}
          <p className="center">
            <Link to="/blogs" className="btn btn--outline">
              Read more articles
            </Link>
          </p>
        </div>
      </section>

      <section className="join-cta" aria-labelledby="join-title">
        <div className="container join-cta__inner">
          <h2 id="join-title">Your story could be next</h2>
          <p>
            {member
              ? 'Complete your profile and partner preferences: families answer profiles that tell them who you are.'
              : `Join Christian families across India who trust ${brand} Matrimony. Registration takes five minutes and is free.`}
          </p>
          <div className="hero__actions hero__actions--center">
            <Link to={member ? '/my-matrimony' : '/register'} className="btn btn--gold btn--lg">
              {member ? 'Go to My Matrimony' : 'Register free'}
            </Link>
            <Link to="/contact-us" className="btn btn--light btn--lg">
              Talk to our team
            </Link>
          </div>
        </div>
      </section>
    </>
  )
}
