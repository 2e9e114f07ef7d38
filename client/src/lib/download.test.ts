import { vi } from 'vitest'
import { filenameFromDisposition, saveBlob } from './download'

describe('filenameFromDisposition', () => {
  it('reads the quoted, the plain and the RFC 5987 forms', () => {
    expect(filenameFromDisposition('attachment; filename="TFM-26-27-000001.pdf"', 'x.pdf')).toBe('TFM-26-27-000001.pdf')
    expect(filenameFromDisposition('attachment; filename=invoice.pdf', 'x.pdf')).toBe('invoice.pdf')
    expect(filenameFromDisposition("attachment; filename=\"a.pdf\"; filename*=UTF-8''Invoice%20TFM%E2%80%931.pdf", 'x.pdf')).toBe('Invoice TFM–1.pdf')
  })

  it('names no folder and falls back when there is no name', () => {
    expect(filenameFromDisposition('attachment; filename="TFM/26-27/000001.pdf"', 'x.pdf')).toBe('TFM-26-27-000001.pdf')
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', 'x.pdf')).toBe('etc-passwd')
    expect(filenameFromDisposition('attachment', 'invoice-TFM-1.pdf')).toBe('invoice-TFM-1.pdf')
    expect(filenameFromDisposition(null, 'invoice-TFM-1.pdf')).toBe('invoice-TFM-1.pdf')
  })
})

describe('saveBlob', () => {
  it('clicks a download link to an object URL named as given', () => {
    const create = vi.fn(() => 'blob:x')
    const revoke = vi.fn()
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke })
    const clicked: { href: string; download: string }[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download })
    })
    saveBlob(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), 'TFM-1.pdf')
    expect(clicked).toEqual([{ href: 'blob:x', download: 'TFM-1.pdf' }])
    expect(document.querySelector('a[download]')).toBeNull()
    click.mockRestore()
  })
})
