import { asApiError } from '../../api/api'
import { notifySuccess } from '../../app/notify'
import { ROUTES } from '../../app/routes'
import ConfirmDialog from '../../components/ConfirmDialog'
import InboxNav from '../../components/InboxNav'
import PageHeader from '../../components/PageHeader'
import Pagination from '../../components/Pagination'
import Seo from '../../components/Seo'
import { EmptyState, ErrorState, SkeletonCards } from '../../components/States'
import { usePageParam } from '../../lib/usePageParam'
import {
  useAcceptInvitationMutation,
  useCancelInvitationMutation,
  useDeclineInvitationMutation,
  useShowProfileAgainMutation,
  useUnblockProfileMutation,
} from '../../entities/member'
import type { MemberCard } from '../../entities/member'
import { useGetMemberListQuery } from './api'
import type { MemberListKind } from './api'
import { LIST_ACTIONS } from './actions'
import type { ListAction, ListActionKey } from './actions'
import { LIST_COPY } from './copy'
import MemberListCard from './MemberListCard'
import { usePageStepBack } from '../../lib/usePageStepBack'
import { useCardActions } from './useCardActions'

/** Spec §9: the default page size. */
export const PAGE_SIZE = 10

const CRUMBS = [{ to: ROUTES.myMatrimony, label: 'My Matrimony' }]

const nameOf = (card: MemberCard) => card.userName || card.profileID

/**
 * Whose request state a card shows. An invitation card is this invitation in this state: when the list reloads
 * with the same member in a new state (cancelled, or invited again), the card starts afresh instead of keeping
 * the old "Cancelled" or "Accepted" button.
 */
const cardKey = (card: MemberCard) => (card.invitation ? `${card.profileID} ${card.invitation.status} ${card.invitation.at}` : card.profileID)

/**
 * One of the member lists of spec §2 "Lists" (GET profile/block, profile/dont-show, profile/recently-viewed,
 * profile/recent-visitors) or of the inbox's invitations (GET profile/invitations/received|sent|accepted), ten cards
 * a page. The cards' buttons come from LIST_ACTIONS: blocked cards offer Unblock (after a confirmation: the member
 * can see and contact the viewer again), don't-show cards Show again, received invitations Accept and Decline
 * (confirmed), the viewer's pending invitations Cancel invitation (confirmed); each reloads the list through the
 * API's tags.
 */
export default function MemberListScreen({ kind }: { kind: MemberListKind }) {
  const copy = LIST_COPY[kind]
  const listActions = LIST_ACTIONS[kind]
  const page = usePageParam()
  const { currentData: list, error, isFetching, refetch } = useGetMemberListQuery({ kind, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE })
  const [unblock] = useUnblockProfileMutation()
  const [showAgain] = useShowProfileAgainMutation()
  const [accept] = useAcceptInvitationMutation()
  const [decline] = useDeclineInvitationMutation()
  const [cancelInvitation] = useCancelInvitationMutation()
  const requests: Record<ListActionKey, (profileId: string) => Promise<unknown>> = {
    unblock: (id) => unblock(id).unwrap(),
    showAgain: (id) => showAgain(id).unwrap(),
    accept: (id) => accept(id).unwrap(),
    decline: (id) => decline(id).unwrap(),
    cancelInvitation: (id) => cancelInvitation(id).unwrap(),
  }
  const run = async (card: MemberCard, action: ListAction) => {
    await requests[action.key](card.profileID)
    notifySuccess(action.success(nameOf(card)))
  }
  const { buttons, busy, confirm, onConfirm, cancelConfirm } = useCardActions(run, cardKey)

  // An empty page after the first (its last card was just removed, or an old link): back to the last with cards.
  const backTo = usePageStepBack(list, page, PAGE_SIZE)

  const actionsFor = (card: MemberCard) => {
    const offered = listActions.filter((a) => !a.offered || a.offered(card))
    if (!offered.length) return undefined
    const name = nameOf(card)
    // The visible text first, then whose card it is: every card has the same button.
    return buttons(card, offered, (text) => `${text} ${name}`, (action) => !!action.confirm)
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
            <MemberListCard key={card.profileID} card={card} kind={kind} actions={actionsFor(card)} />
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
        {kind.startsWith('invitations-') && <InboxNav />}
        {body}
      </section>
      {confirm?.action.confirm && (
        <ConfirmDialog
          open
          title={confirm.action.confirm.title(nameOf(confirm.card))}
          confirmLabel={confirm.action.confirm.confirmLabel}
          cancelLabel={confirm.action.confirm.cancelLabel}
          busy={busy(confirm.card)}
          onConfirm={() => void onConfirm()}
          onCancel={cancelConfirm}
        >
          <p>{confirm.action.confirm.body(nameOf(confirm.card))}</p>
        </ConfirmDialog>
      )}
    </>
  )
}
