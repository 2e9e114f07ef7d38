import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { ROUTES } from '../../app/routes'
import ConfirmDialog from '../../components/ConfirmDialog'
import PageHeader from '../../components/PageHeader'
import Pagination from '../../components/Pagination'
import Seo from '../../components/Seo'
import { EmptyState, ErrorState, SkeletonCards } from '../../components/States'
import { usePageParam } from '../../routes/usePage'
import { useGetMemberListQuery, useShowProfileAgainMutation, useUnblockProfileMutation } from '../relations/api'
import type { MemberCard, MemberListKind } from '../relations/api'
import { LIST_COPY } from './copy'
import MemberListCard from './MemberListCard'

/** Spec §9: the default page size. */
export const PAGE_SIZE = 10

const CRUMBS = [{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]

/** A card's request: running, or done and waiting for the list to reload without the card. */
type ActionState = 'pending' | 'done'

const nameOf = (card: MemberCard) => card.userName || card.profileID

/**
 * One of the member lists of spec §2 "Lists" (GET profile/block, profile/dont-show, profile/recently-viewed,
 * profile/recent-visitors), ten cards a page. Blocked cards offer Unblock (after a confirmation: the member can see
 * and contact the viewer again), don't-show cards Show again; either reloads the list through the API's tags.
 */
export default function MemberListScreen({ kind }: { kind: MemberListKind }) {
  const copy = LIST_COPY[kind]
  const page = usePageParam()
  const [, setParams] = useSearchParams()
  const { currentData: list, error, isFetching, refetch } = useGetMemberListQuery({ kind, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE })
  const [unblock] = useUnblockProfileMutation()
  const [showAgain] = useShowProfileAgainMutation()
  const [actions, setActions] = useState<Record<string, ActionState>>({})
  const [confirm, setConfirm] = useState<MemberCard | null>(null)
  const cancelConfirm = useCallback(() => setConfirm(null), [])

  // An empty page after the first (its last card was just removed, or an old link): step back to the last page
  // that has cards; each step lowers the page, so a server whose total disagrees cannot make this loop.
  const backTo = list && !list.items.length && page > 1 ? Math.max(1, Math.min(page - 1, Math.ceil(list.total / PAGE_SIZE))) : null
  useEffect(() => {
    if (backTo === null) return
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev)
        if (backTo <= 1) q.delete('page')
        else q.set('page', String(backTo))
        return q
      },
      { replace: true },
    )
  }, [backTo, setParams])

  const setAction = (id: string, state: ActionState | null) =>
    setActions((prev) => {
      const next = { ...prev }
      if (state) next[id] = state
      else delete next[id]
      return next
    })

  const act = async (card: MemberCard) => {
    const id = card.profileID
    setAction(id, 'pending')
    try {
      if (kind === 'blocked') {
        await unblock(id).unwrap()
        notifySuccess(`Unblocked ${nameOf(card)}. They can see you again and chat if their settings allow.`)
      } else {
        await showAgain(id).unwrap()
        notifySuccess(`${nameOf(card)} will show in your matches and searches again.`)
      }
      setAction(id, 'done')
    } catch {
      // The store toasts the server's message; the button is ready for another try.
      setAction(id, null)
    }
  }

  const onConfirmUnblock = async () => {
    if (!confirm) return
    await act(confirm)
    setConfirm(null)
  }

  const actionFor = (card: MemberCard) => {
    if (kind !== 'blocked' && kind !== 'dont-show') return undefined
    const state = actions[card.profileID]
    const name = nameOf(card)
    const [label, busyLabel, doneLabel] = kind === 'blocked' ? ['Unblock', 'Unblocking…', 'Unblocked'] : ['Show again', 'Showing again…', 'Shown again']
    const text = state === 'pending' ? busyLabel : state === 'done' ? doneLabel : label
    return (
      <button
        type="button"
        className="btn btn--primary btn--sm"
        disabled={state !== undefined}
        aria-busy={state === 'pending' || undefined}
        // The visible text first, then whose card it is: every card has the same button.
        aria-label={`${text} ${name}`}
        onClick={() => (kind === 'blocked' ? setConfirm(card) : void act(card))}
      >
        {text}
      </button>
    )
  }

  let body
  if (error && !isFetching) body = <ErrorState message={asApiError(error)?.message} onRetry={refetch} />
  else if (!list || backTo !== null) body = <SkeletonCards count={4} />
  else if (!list.items.length) body = <EmptyState title={copy.empty} icon={copy.emptyIcon} />
  else
    body = (
      <>
        <p className="member-list__count">{list.total === 1 ? '1 profile' : `${list.total} profiles`}</p>
        <div className="member-grid member-grid--wide">
          {list.items.map((card) => (
            <MemberListCard key={card.profileID} card={card} kind={kind} action={actionFor(card)} />
          ))}
        </div>
        <Pagination page={page} total={list.total} pageSize={PAGE_SIZE} label={`${copy.title} pages`} />
      </>
    )

  return (
    <>
      <Seo title={copy.title} description={copy.description} />
      <PageHeader title={copy.title} intro={copy.intro} crumbs={CRUMBS} />
      <section className="container section member-list" aria-busy={isFetching}>
        {body}
      </section>
      {kind === 'blocked' && (
        <ConfirmDialog
          open={confirm !== null}
          title={confirm ? `Unblock ${nameOf(confirm)}?` : 'Unblock'}
          confirmLabel="Unblock"
          busy={confirm !== null && actions[confirm.profileID] === 'pending'}
          onConfirm={() => void onConfirmUnblock()}
          onCancel={cancelConfirm}
        >
          <p>They will be able to see your profile and find you in lists again, and chat with you if their settings allow.</p>
        </ConfirmDialog>
      )}
    </>
  )
}
