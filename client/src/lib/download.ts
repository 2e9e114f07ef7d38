/**
 * The file name a Content-Disposition header gives ("attachment; filename=\"x.pdf\"", or the RFC 5987
 * filename*=UTF-8''… form, which wins), with "/" and "\\" turned into "-" (an invoice number like TFM/26-27/000001 names
 * no folder) and no leading dots; fallback when there is none.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback
  let name = ''
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header)
  if (star) {
    try {
      name = decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''))
    } catch {
      name = ''
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header)
    name = (plain?.[2] ?? plain?.[1] ?? '').trim()
  }
  name = name.replace(/[/\\]+/g, '-').replace(/^[.\s-]+/, '').trim()
  return name || fallback
}

/** Saves a blob as a download named filename (through a temporary object URL and link). */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  a.remove()
  // Some browsers read the URL after click returns: let it live a moment.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
