import { useSearchParams } from 'react-router'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { ROUTES } from '../../app/routes'
import ConfirmDialog from '../../components/ConfirmDialog'
import Icon from '../../components/Icon'
import InboxNav from '../../components/InboxNav'
import PageHeader from '../../components/PageHeader'
import Pagination from '../../components/Pagination'
import Seo from '../../components/Seo'
import { EmptyState, ErrorState, SkeletonCards } from '../../components/States'
import { formatDdMmYyyy, timeAgo } from '../../lib/format'
import { usePageParam } from '../../lib/usePageParam'
import {
  useAcceptRequestMutation,
  useDeclineRequestMutation,
  useIgnoreRequestMutation,
  useWithdrawRequestMutation,
} from '../../entities/member'
import type { RequestArgs, RequestCard } from '../../entities/member'
import { useGetRequestListQuery } from './api'
import type { RequestBox } from './api'
import MemberListCard from './MemberListCard'
import { PAGE_SIZE } from './MemberListScreen'
import {
  BOX_LABEL,
  FILTER_LABEL,
  RECEIVED_ACTIONS,
  REQUESTS_COPY,
  REQUESTS_EMPTY,
  REQUEST_STATUS,
  SENT_ACTIONS,
  actionName,
  requestOutcome,
  requestWhat,
} from './requestCopy'
import type { RequestAction, RequestActionKey, RequestFilter } from './requestCopy'
import { usePageStepBack } from '../../lib/usePageStepBack'
import { useCardActions } from './useCardActions'

const CRUMBS = [{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]
const BOXES: RequestBox[] = ['received', 'sent']
const FILTERS: RequestFilter[] = ['all', 'photo', 'phone']

const nameOf = (card: RequestCard) => card.userName || card.profileID

/** One request: a member may have asked for both photos and phone, so the kind is part of it. */
const requestId = (card: RequestCard) => `${card.profileID} ${card.request.kind}`

/** Whose button state a card shows: this request in this state, so a card that comes back changed starts afresh. */
const stateKey = (card: RequestCard) => `${requestId(card)} ${card.request.status} ${card.request.updatedAt}`

/** What the request asked for, how it stands and since when, and what that means now. */
function RequestDetail({ card, box, now }: { card: RequestCard; box: RequestBox; now: Date }) {
  const { kind, status, createdAt, updatedAt } = card.request
  const badge = REQUEST_STATUS[box][status]
  // A waiting request's time is when it was asked; an answered one's, when it was answered (the badge says how).
  const waiting = badge.tone === 'todo'
  const at = waiting ? createdAt : updatedAt || createdAt
  const ago = timeAgo(at, now)
  const label = waiting && ago ? `${box === 'sent' ? 'Sent' : 'Asked'} ${ago}` : ago
  const outcome = requestOutcome(card)
  return (
    <>
      <p className="request-card__what">
        <Icon name={kind === 'photo' ? 'lock' : 'phone'} size={16} /> {requestWhat(card)}
      </p>
      <p className="member-card__when">
        <span className={`badge badge--${badge.tone} member-card__status`}>{badge.text}</span>
        {label && ' '}
        {label && (
          <time dateTime={at} title={formatDdMmYyyy(at)}>
            {label}
          </time>
        )}
      </p>
      {outcome && <p className="request-card__note">{outcome}</p>}
    </>
  )
}

/**
 * /inbox/requests: the photo and phone requests (GET profile/requests/received|sent, ten a page), Received or Sent
 * and All, Photos or Phone as ?box=sent and ?kind=photo|phone in the address. A received request that waits offers
 * Accept (a phone number only after a confirmation), Decline (confirmed) and Ignore (a soft no: the requester is not
 * told, and it may still be accepted or declined later); a sent one that waits offers Withdraw (confirmed). Answered
 * ones show the outcome.
 */
export default function RequestListScreen({ now }: { now?: Date } = {}) {
  const [params, setParams] = useSearchParams()
  const box: RequestBox = params.get('box') === 'sent' ? 'sent' : 'received'
  const kindParam = params.get('kind')
  const filter: RequestFilter = kindParam === 'photo' || kindParam === 'phone' ? kindParam : 'all'
  const page = usePageParam()
  const { currentData: list, error, isFetching, refetch } = useGetRequestListQuery({
    box,
    kind: filter === 'all' ? undefined : filter,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  })
  const [accept] = useAcceptRequestMutation()
  const [decline] = useDeclineRequestMutation()
  const [ignore] = useIgnoreRequestMutation()
  const [withdraw] = useWithdrawRequestMutation()
  const calls: Record<RequestActionKey, (args: RequestArgs) => Promise<unknown>> = {
    accept: (a) => accept(a).unwrap(),
    decline: (a) => decline(a).unwrap(),
    ignore: (a) => ignore(a).unwrap(),
    withdraw: (a) => withdraw(a).unwrap(),
  }
  const run = async (card: RequestCard, action: RequestAction) => {
    await calls[action.key]({ kind: card.request.kind, profileId: card.profileID })
    notifySuccess(action.success(nameOf(card), card.request.kind))
  }
  const { buttons, busy, confirm, onConfirm, cancelConfirm } = useCardActions(run, stateKey)
  const backTo = usePageStepBack(list, page, PAGE_SIZE)
  const at = now ?? new Date()

  /** Switches side or kind: the list starts again at its first page. */
  const choose = (key: 'box' | 'kind', value: string | null) =>
    setParams((prev) => {
      const q = new URLSearchParams(prev)
      if (value) q.set(key, value)
      else q.delete(key)
      q.delete('page')
      return q
    })

  const actionsFor = (card: RequestCard) => {
    // Only a request that waits has buttons: the owner's to answer, the requester's to withdraw. An ignored one
    // still waits to its sender, so its owner may yet accept or decline it.
    const { status, sentByMe } = card.request
    const offered = sentByMe
      ? status === 'pending'
        ? SENT_ACTIONS
        : []
      : status === 'pending'
        ? RECEIVED_ACTIONS
        : status === 'ignored'
          ? RECEIVED_ACTIONS.filter((a) => a.key !== 'ignore')
          : []
    if (!offered.length) return undefined
    const name = nameOf(card)
    return buttons(card, offered, (text) => actionName(text, card, name), (action) => !!action.confirm?.(name, card.request.kind))
  }

  const empty = REQUESTS_EMPTY[box][filter]
  let body
  if (error && !isFetching) body = <ErrorState message={asApiError(error)?.message} onRetry={refetch} />
  else if (!list || backTo !== null) body = <SkeletonCards count={4} />
  else if (!list.items.length)
    body = (
      <EmptyState title={empty.title} icon={empty.icon}>
        <p>{REQUESTS_EMPTY.help[box]}</p>
      </EmptyState>
    )
  else
    body = (
      <>
        <p className="member-list__count">{list.total === 1 ? '1 request' : `${list.total} requests`}</p>
        <div className="member-grid member-grid--wide">
          {list.items.map((card) => (
            <MemberListCard key={requestId(card)} card={card} detail={<RequestDetail card={card} box={box} now={at} />} actions={actionsFor(card)} />
          ))}
        </div>
        <Pagination page={page} total={list.total} pageSize={PAGE_SIZE} label="Request pages" />
      </>
    )

  const dialog = confirm?.action.confirm?.(nameOf(confirm.card), confirm.card.request.kind)
  return (
    <>
      <Seo title={REQUESTS_COPY.title} description={REQUESTS_COPY.description} />
      <PageHeader title={REQUESTS_COPY.title} intro={REQUESTS_COPY.intro} crumbs={CRUMBS} />
      <section className="container section member-list request-list" aria-busy={isFetching}>
        <InboxNav />
        <div className="request-list__bar">
          <div className="segmented segmented--buttons" role="group" aria-label="Requests received or sent">
            {BOXES.map((b) => (
              <button key={b} type="button" aria-pressed={box === b} onClick={() => choose('box', b === 'received' ? null : b)}>
                {BOX_LABEL[b]}
              </button>
            ))}
          </div>
          <div className="chips" role="group" aria-label="Kind of request">
            {FILTERS.map((f) => (
              <button key={f} type="button" className="chip" aria-pressed={filter === f} onClick={() => choose('kind', f === 'all' ? null : f)}>
                {FILTER_LABEL[f]}
              </button>
            ))}
          </div>
        </div>
        {body}
      </section>
      {confirm && dialog && (
        <ConfirmDialog
          open
          title={dialog.title}
          confirmLabel={dialog.confirmLabel}
          cancelLabel={dialog.cancelLabel}
          busy={busy(confirm.card)}
          onConfirm={() => void onConfirm()}
          onCancel={cancelConfirm}
        >
          <p>{dialog.body}</p>
        </ConfirmDialog>
      )}
    </>
  )
}
