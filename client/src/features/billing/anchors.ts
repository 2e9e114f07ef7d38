/** Where a plan's footer link points; CLASSIC and PREMIUM share one target (spec §2 Footer). */
export function planAnchor(name: string): string {
  const n = name.toUpperCase()
  if (n.endsWith('EXECUTIVE')) return 'executive'
  if (n.endsWith('CLASSIC') || n.endsWith('PREMIUM')) return 'classic-premium'
  if (n.endsWith('SUPREME')) return 'supreme'
  return n.toLowerCase().replace(/[^a-z0-9]+/g, '-')
}

/** The plan names shown as footer links, in order (spec §1). */
export function footerPlanLinks(brand: string): { name: string; to: string }[] {
  return ['EXECUTIVE', 'CLASSIC', 'PREMIUM', 'SUPREME'].map((p) => {
    const name = `${brand}-${p}`
    return { name, to: `/plans#${planAnchor(name)}` }
  })
}
