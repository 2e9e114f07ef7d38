import Seo from '../components/Seo'
import PageHeader from '../components/PageHeader'
import Pagination from '../components/Pagination'
import { EmptyState, ErrorState, SkeletonCards } from '../components/States'
import PremiumMemberCard from '../features/premium/PremiumMemberCard'
import { useGetPremiumMembersQuery } from '../features/premium/api'
import { asApiError } from '../api/api'
import { usePageParam } from '../lib/usePageParam'

const PAGE_SIZE = 25

/** /premium-members: the public view of members on a paid plan. */
export default function PremiumMembers() {
  const page = usePageParam()
  const { data, error, isLoading, isFetching, refetch } = useGetPremiumMembersQuery({ skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE })
  return (
    <>
      <Seo title="Premium Members" description="Christian brides and grooms on a premium plan. Photos and contact details are shown only to registered members." />
      <PageHeader title="Premium Members" intro="Photos and contact details are shown only to registered members, as each member chooses." />
      <section className="container section" aria-busy={isFetching}>
        {isLoading ? (
          <SkeletonCards count={6} />
        ) : error ? (
          <ErrorState message={asApiError(error)?.message} onRetry={refetch} />
        ) : !data?.items.length ? (
          <EmptyState title="Nobody is there premium members" icon="users" />
        ) : (
          <>
            <div className="member-grid">
              {data.items.map((m) => (
                <PremiumMemberCard key={m.profileID} member={m} />
              ))}
            </div>
            <Pagination page={page} total={data.total} pageSize={PAGE_SIZE} label="Premium member pages" />
          </>
        )}
      </section>
    </>
  )
}
