import { adminApi, compact } from '../api'
import type { AdminBlog, AdminStory, BlogInput, FaqItem, Page, SitePage, StoryInput, StoryStatus } from '../types'

const contentApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listBlogs: build.query<Page<AdminBlog>, { q?: string; status?: string; skip: number; limit: number }>({
      query: (q) => ({ url: 'blogs', params: compact(q) }),
      providesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
    getBlog: build.query<AdminBlog, number>({
      query: (id) => `blogs/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Blog', id }],
    }),
    createBlog: build.mutation<AdminBlog, BlogInput>({
      query: (body) => ({ url: 'blogs', method: 'POST', body }),
      invalidatesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
    updateBlog: build.mutation<AdminBlog, { id: number; body: BlogInput }>({
      query: ({ id, body }) => ({ url: `blogs/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Blog', id }, { type: 'Blog', id: 'LIST' }],
    }),
    deleteBlog: build.mutation<unknown, number>({
      query: (id) => ({ url: `blogs/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Blog', id: 'LIST' }],
    }),
    uploadBlogCover: build.mutation<AdminBlog, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData()
        form.append('image', file)
        return { url: `blogs/${id}/cover`, method: 'POST', body: form }
      },
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Blog', id }, { type: 'Blog', id: 'LIST' }],
    }),
    listStories: build.query<Page<AdminStory>, { status: StoryStatus; skip: number; limit: number }>({
      query: (q) => ({ url: 'stories', params: compact(q) }),
      providesTags: [{ type: 'Story', id: 'LIST' }],
    }),
    updateStory: build.mutation<AdminStory, { id: number; body: StoryInput }>({
      query: ({ id, body }) => ({ url: `stories/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Story', id: 'LIST' }],
    }),
    approveStory: build.mutation<unknown, number>({
      query: (id) => ({ url: `stories/${id}/approve`, method: 'POST' }),
      invalidatesTags: [{ type: 'Story', id: 'LIST' }],
    }),
    rejectStory: build.mutation<unknown, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `stories/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: [{ type: 'Story', id: 'LIST' }],
    }),
    listFaq: build.query<{ items: FaqItem[] }, void>({
      query: () => 'faq',
      providesTags: ['Faq'],
    }),
    saveFaq: build.mutation<FaqItem, { id?: number; body: Omit<FaqItem, 'id'> }>({
      query: ({ id, body }) => (id ? { url: `faq/${id}`, method: 'PUT', body } : { url: 'faq', method: 'POST', body }),
      invalidatesTags: ['Faq'],
    }),
    deleteFaq: build.mutation<unknown, number>({
      query: (id) => ({ url: `faq/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Faq'],
    }),
    listPages: build.query<{ items: SitePage[] }, void>({
      query: () => 'pages',
      providesTags: ['Page'],
    }),
    savePage: build.mutation<SitePage, { key: string; title: string; body: string }>({
      query: ({ key, title, body }) => ({ url: `pages/${encodeURIComponent(key)}`, method: 'PUT', body: { title, body } }),
      invalidatesTags: ['Page'],
    }),
  }),
})

export const {
  useListBlogsQuery,
  useGetBlogQuery,
  useCreateBlogMutation,
  useUpdateBlogMutation,
  useDeleteBlogMutation,
  useUploadBlogCoverMutation,
  useListStoriesQuery,
  useUpdateStoryMutation,
  useApproveStoryMutation,
  useRejectStoryMutation,
  useListFaqQuery,
  useSaveFaqMutation,
  useDeleteFaqMutation,
  useListPagesQuery,
  useSavePageMutation,
} = contentApi
