import type { ReactNode } from 'react'

/** Renders **bold** spans; everything else stays plain text (React escapes it). */
function inline(text: string, keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = []
  const re = /\*\*(.+?)\*\*/g
  let last = 0
  let m: RegExpExecArray | null
  let i = 0
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index))
    out.push(<strong key={`${keyPrefix}-b${i++}`}>{m[1]}</strong>)
    last = m.index + m[0].length
  }
  if (last < text.length) out.push(text.slice(last))
  return out
}

type Block = { kind: 'h'; text: string } | { kind: 'ul'; items: string[] } | { kind: 'p'; lines: string[] }

/** Splits the body format: "\n\n" paragraphs, "## " sub-headings, "- " bullet runs. */
export function parseBody(body: string): Block[] {
  const blocks: Block[] = []
  const chunks = body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)
  for (const chunk of chunks) {
    let para: string[] = []
    let list: string[] = []
    const flushPara = () => {
      if (para.length) blocks.push({ kind: 'p', lines: para })
      para = []
    }
    const flushList = () => {
      if (list.length) blocks.push({ kind: 'ul', items: list })
      list = []
    }
    for (const raw of chunk.split('\n')) {
      const line = raw.trim()
      if (!line) continue
      if (line.startsWith('## ')) {
        flushPara()
        flushList()
        blocks.push({ kind: 'h', text: line.slice(3).trim() })
      } else if (line.startsWith('- ')) {
        flushPara()
        list.push(line.slice(2).trim())
      } else {
        flushList()
        para.push(line)
      }
    }
    flushPara()
    flushList()
  }
  return blocks
}

interface MarkdownProps {
  body: string
  /** Level of the sub-headings; 2 under a page's h1, 3 inside a section. */
  headingLevel?: 2 | 3 | 4
  className?: string
}

/** The small body-text renderer for blogs, stories, FAQ answers and pages. Never injects HTML. */
export default function Markdown({ body, headingLevel = 2, className }: MarkdownProps) {
  const H = `h${headingLevel}` as 'h2' | 'h3' | 'h4'
  return (
    <div className={['prose', className].filter(Boolean).join(' ')}>
      {parseBody(body ?? '').map((b, i) => {
        const k = `blk${i}`
        if (b.kind === 'h') return <H key={k}>{inline(b.text, k)}</H>
        if (b.kind === 'ul')
          return (
            <ul key={k}>
              {b.items.map((it, j) => (
                <li key={j}>{inline(it, `${k}-${j}`)}</li>
              ))}
            </ul>
          )
        return (
          <p key={k}>
            {b.lines.map((l, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {inline(l, `${k}-${j}`)}
              </span>
            ))}
          </p>
        )
      })}
    </div>
  )
}
