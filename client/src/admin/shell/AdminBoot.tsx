/** A quiet placeholder while the back office or one of its screens loads. */
export function AdminBoot() {
  return (
    <div className="admin-boot" role="status">
      <span className="admin-boot__bar" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  )
}
