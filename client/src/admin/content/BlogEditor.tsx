import { useCallback, useEffect, useState } from 'react'
import type { ChangeEvent, FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { notifySuccess } from '../../app/notify'
import { ChoiceField, TextAreaField, TextField } from '../../components/Field'
import Markdown from '../../components/Markdown'
import { slugify } from '../../lib/slugify'
import { useForm } from '../../lib/useForm'
import type { FieldErrors } from '../../lib/useForm'
import { asAdminError } from '../api'
import type { AdminError } from '../api'
import { fmtDateTime } from '../dates'
import { ADMIN } from '../permissions'
import type { AdminBlog, BlogInput } from '../types'
import { ActionDialog, AdminPage, QueryStatus } from '../ui'
import { useCreateBlogMutation, useGetBlogQuery, useUpdateBlogMutation, useUploadBlogCoverMutation } from './api'

/** The editor's fields (all text, as useForm keeps them). */
export interface BlogValues {
  title: string
  slug: string
  summary: string
  body: string
  author: string
  tags: string
  status: string
}

const EMPTY: BlogValues = { title: '', slug: '', summary: '', body: '', author: '', tags: '', status: 'draft' }

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The editor's checks: title, summary, body and author are needed; a slug, when typed, is lower-case words with hyphens. */
export function validateBlog(v: BlogValues): FieldErrors<BlogValues> {
  return {
    title: !v.title.trim() ? 'Please enter a title' : v.title.trim().length > 200 ? 'Keep the title under 200 characters' : undefined,
    slug: v.slug.trim() && !SLUG_RE.test(v.slug.trim()) ? 'Use lower-case letters, digits and hyphens only' : undefined,
    summary: !v.summary.trim() ? 'Please enter a summary' : undefined,
    body: !v.body.trim() ? 'Please write the blog' : undefined,
    author: !v.author.trim() ? 'Please enter the author' : undefined,
    status: v.status !== 'draft' && v.status !== 'published' ? 'Choose draft or published' : undefined,
  }
}

/** The editor's values as the API takes them: tags split at commas, the slug only when typed. */
export function toBlogInput(v: BlogValues): BlogInput {
  const input: BlogInput = {
    title: v.title.trim(),
    summary: v.summary.trim(),
    body: v.body,
    author: v.author.trim(),
    tags: v.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    status: v.status === 'published' ? 'published' : 'draft',
  }
  if (v.slug.trim()) input.slug = v.slug.trim()
  return input
}

function valuesOf(b: AdminBlog): BlogValues {
  return { title: b.title, slug: b.slug, summary: b.summary, body: b.body, author: b.author, tags: b.tags.join(', '), status: b.status }
}

/** A chosen cover picture and its preview URL. */
interface Cover {
  file: File
  url: string
}

/** The form itself, for a new blog (blog undefined) or one loaded. */
function BlogForm({ blog }: { blog?: AdminBlog }) {
  const navigate = useNavigate()
  const [initial] = useState(() => (blog ? valuesOf(blog) : EMPTY))
  const form = useForm<BlogValues>(initial, validateBlog)
  const { values, errors, onChange, onBlur, setServerErrors, formRef } = form
  const [create, { isLoading: creating }] = useCreateBlogMutation()
  const [update, { isLoading: updating }] = useUpdateBlogMutation()
  const [uploadCover, { isLoading: uploading }] = useUploadBlogCoverMutation()
  const [cover, setCover] = useState<Cover | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [confirmPublish, setConfirmPublish] = useState(false)

  // The preview URL of a chosen picture lives while it is shown.
  useEffect(() => () => (cover ? URL.revokeObjectURL(cover.url) : undefined), [cover])

  const onCover = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    setCover(file ? { file, url: URL.createObjectURL(file) } : null)
  }

  const showError = useCallback(
    (err: AdminError | undefined) => {
      if (!err) return
      if (err.status === 409) {
        // A duplicate slug: the server's words go under the slug field (the slug is made from the title when empty).
        setServerErrors({ slug: err.fieldErrors?.slug ?? err.message })
        setFormError(null)
        return
      }
      if (err.fieldErrors) {
        setServerErrors(err.fieldErrors)
        setFormError(Object.keys(err.fieldErrors).some((k) => k in EMPTY) ? null : err.message)
        return
      }
      setFormError(err.message)
    },
    [setServerErrors],
  )

  const save = async (): Promise<AdminError | undefined> => {
    setFormError(null)
    const input = toBlogInput(values)
    const r = blog ? await update({ id: blog.id, body: input }) : await create(input)
    if ('error' in r) {
      const err = asAdminError(r.error)
      showError(err)
      return err
    }
    let saved = r.data
    if (cover) {
      const c = await uploadCover({ id: saved.id, file: cover.file })
      if ('error' in c) {
        setFormError(`The blog was saved, but the cover could not be uploaded: ${asAdminError(c.error)?.message ?? ''}`)
      } else {
        saved = c.data
        setCover(null)
      }
    }
    notifySuccess(blog ? 'Blog saved' : 'Blog created')
    if (!blog) void navigate(ADMIN.blog(saved.id), { replace: true })
    return undefined
  }

  const onSubmit = (e: FormEvent) => {
    if (!form.check(e)) return
    // Publishing puts the blog on the public site at once: ask first.
    if (values.status === 'published' && blog?.status !== 'published') setConfirmPublish(true)
    else void save()
  }

  const busy = creating || updating || uploading
  const slugShown = values.slug.trim() || slugify(values.title)
  const coverSrc = cover?.url ?? blog?.coverUrl ?? null

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="admin-editor">
      <div className="admin-editor__fields admin-card">
        <TextField id="title" label="Title" value={values.title} onChange={onChange} onBlur={onBlur} error={errors.title} />
        <TextField
          id="slug"
          label="Link (slug)"
          optional
          value={values.slug}
          onChange={onChange}
          onBlur={onBlur}
          error={errors.slug}
          hint={slugShown ? `The blog's address: /blogs/${slugShown}` : 'Made from the title when left empty.'}
        />
        <TextAreaField id="summary" label="Summary" rows={3} value={values.summary} onChange={onChange} onBlur={onBlur} error={errors.summary} />
        <TextAreaField
          id="body"
          label="Body"
          rows={16}
          value={values.body}
          onChange={onChange}
          onBlur={onBlur}
          error={errors.body}
          hint='Paragraphs are separated by an empty line; "## " starts a sub-heading, "- " a bullet, **bold** is bold.'
        />
        <TextField id="author" label="Author" value={values.author} onChange={onChange} onBlur={onBlur} error={errors.author} />
        <TextField id="tags" label="Tags" optional value={values.tags} onChange={onChange} onBlur={onBlur} error={errors.tags} hint="Separate tags with commas." />
        <ChoiceField
          id="status"
          label="Status"
          value={values.status}
          onChange={onChange}
          onBlur={onBlur}
          error={errors.status}
          options={[
            { value: 'draft', label: 'Draft' },
            { value: 'published', label: 'Published' },
          ]}
        />
        <div className="field">
          <label htmlFor="cover">
            Cover image<span className="field__optional"> (optional)</span>
          </label>
          <input id="cover" name="cover" type="file" accept="image/jpeg,image/png,image/webp" onChange={onCover} />
          <p className="field__hint">{blog ? 'A new picture replaces the cover when you save.' : 'Uploaded when the blog is first saved.'}</p>
          {coverSrc && <img className="admin-cover-preview" src={coverSrc} alt="Cover preview" />}
        </div>
        {formError && (
          <p className="admin-form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : blog ? 'Save' : 'Create blog'}
          </button>
          <Link to={ADMIN.blogs} className="btn btn--ghost">
            Back to blogs
          </Link>
          {blog && <span className="admin-muted">Last saved {fmtDateTime(blog.updatedAt)}</span>}
        </div>
      </div>
      <section className="admin-editor__preview admin-card" aria-label="Preview">
        <p className="admin-preview__label">Preview</p>
        <h2 className="admin-preview__title">{values.title || 'Untitled'}</h2>
        {values.summary && <p className="admin-preview__summary">{values.summary}</p>}
        <Markdown body={values.body} headingLevel={3} />
      </section>
      <ActionDialog
        open={confirmPublish}
        title="Publish this blog?"
        confirmLabel="Publish"
        reason={false}
        onConfirm={async () => {
          const err = await save()
          if (!err || err.fieldErrors || err.status === 409) setConfirmPublish(false)
          return err?.fieldErrors || err?.status === 409 ? undefined : err
        }}
        onCancel={() => setConfirmPublish(false)}
      >
        <p>It shows on the public site, on /blogs and in the footer&apos;s blog list at once.</p>
      </ActionDialog>
    </form>
  )
}

/** The blog editor at /admin/content/blogs/new or /admin/content/blogs/{id}: fields, Markdown body with a live preview, cover. */
export default function BlogEditor() {
  const { id = 'new' } = useParams()
  const isNew = id === 'new'
  const blogId = Number(id)
  const blog = useGetBlogQuery(blogId, { skip: isNew || !Number.isFinite(blogId) })
  return (
    <AdminPage title={isNew ? 'New blog' : blog.data ? `Edit: ${blog.data.title}` : 'Edit blog'}>
      {isNew ? (
        <BlogForm key="new" />
      ) : (
        <>
          <QueryStatus isLoading={blog.isLoading} error={blog.error} onRetry={() => void blog.refetch()} />
          {blog.data && <BlogForm key={blog.data.id} blog={blog.data} />}
        </>
      )}
    </AdminPage>
  )
}
