import { acknowledge, api } from '../../api/api'
import type { Acknowledged } from '../../api/api'
import { compactParams } from '../../lib/format'
import type { Blog, BlogFilter, ContactMessage, ContentPage, Faq, PageKey, Paged, StorySubmission, SuccessStory } from './types'

/** Blogs, success stories, FAQ, contact-us and static pages (spec §7 "Master data and content"). */
export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    filterBlogs: build.query<Paged<Blog>, BlogFilter>({
      query: (filter) => ({ url: 'common/blog/filter', method: 'POST', body: compactParams(filter) }),
      providesTags: (res) => [
        { type: 'Blog' as const, id: 'LIST' },
        ...(res?.items ?? []).map((b) => ({ type: 'Blog' as const, id: b.id })),
      ],
    }),
    getStories: build.query<Paged<SuccessStory>, { skip: number; limit: number; id?: string }>({
      query: (params) => ({ url: 'common/success-story', params: compactParams(params) }),
      providesTags: (res) => [
        { type: 'Story' as const, id: 'LIST' },
        ...(res?.items ?? []).map((s) => ({ type: 'Story' as const, id: s.id })),
      ],
    }),
    submitStory: build.mutation<Acknowledged<{ id?: string | number } | null>, StorySubmission>({
      query: (body) => ({ url: 'common/success-story', method: 'POST', body: compactParams(body) }),
      transformResponse: acknowledge<{ id?: string | number } | null>,
    }),
    filterFaq: build.query<Paged<Faq>, { category?: string; search?: string }>({
      query: (filter) => ({ url: 'common/faq/filter', method: 'POST', body: compactParams(filter) }),
      providesTags: [{ type: 'Faq', id: 'LIST' }],
    }),
    sendContactMessage: build.mutation<Acknowledged<{ id?: string | number } | null>, ContactMessage>({
      query: (body) => ({ url: 'common/contact-us', method: 'POST', body: compactParams(body) }),
      transformResponse: acknowledge<{ id?: string | number } | null>,
    }),
    getPage: build.query<ContentPage, PageKey>({
      query: (key) => `common/page/${key}`,
      providesTags: (_res, _err, key) => [{ type: 'Page', id: key }],
    }),
  }),
})

export const {
  useFilterBlogsQuery,
  useGetStoriesQuery,
  useSubmitStoryMutation,
  useFilterFaqQuery,
  useSendContactMessageMutation,
  useGetPageQuery,
} = contentApi
