import { data, Link, redirect } from "react-router";
import { BookNowLink } from "~/components/book-now-link";
import { ArrowLeftIcon } from "~/components/icons";
import { Photo } from "~/components/photo";
import { linksInLanguage, localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { formatIsoDateIn } from "~/lib/format";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { localeOfMatches, pageMeta, titled } from "~/lib/meta";
import { largestPhotoUrl } from "~/lib/photo-view";
import type { RouteHandle } from "~/lib/route-handle";
import { readSessionId } from "~/lib/staff-cookie.server";
import { m } from "~/paraglide/messages.js";
import { readsQuery } from "~/services/platform/query.server";
import { postBodyText } from "~/services/site/blog-markdown.server";
import { findPostBySlug } from "~/services/site/blog-posts.server";
import { readPhotoView } from "~/services/site/photos.server";
import { findStaffBySession } from "~/services/staff/session.server";
import type { Route } from "./+types/blogpost";

export const handle = {
  page: "Blog Post",
  cache: "static",
  query: ["post"],
  styles: ["post"],
  // A post is a page in its own language only: 'Español' / 'English' opens the other one's blog.
  languageLink: "/blog",
} satisfies RouteHandle;

// docs/product.md#route-table: the post is named in the address (?post=<slug>) so it survives a
// reload. A draft is shown to signed-in staff only (its preview, docs/product.md#blog-posts); to
// anyone else it does not exist (404). The page cache keeps only anonymous answers, and never
// a 404, so no visitor gets a page rendered for staff. A post is written in one language (its
// 'Language', issue 39) and is one page, at that language's address; the other language's
// address answers 301 to it.
/** What it reads of its address (docs/security.md#queries). */
const PostQuery = z.object({ post: queryLine(200) });

export const loader = readsQuery(
  PostQuery,
  async ({ request, context }: Route.LoaderArgs, read) => {
    if (!read.ok) throw data("This address could not be read.", { status: 400 });
    const slug = read.data.post;
    // Back to the blog in the page's language.
    const locale = localeOfPath(new URL(request.url).pathname);
    if (!slug) throw redirect(localizedPath("/blog", locale));
    const sessionId = readSessionId(request.headers.get("Cookie"));
    const staff = sessionId ? await findStaffBySession(context.db, sessionId) : undefined;
    const post = await findPostBySlug(context.db, slug, { drafts: staff !== undefined });
    if (!post) throw data("No such post", { status: 404 });
    if (post.language !== locale) {
      // Permanent for search engines; revalidated by browsers, since the owner may still change
      // the post's language (a kept 301 would then send her readers round in a loop).
      throw redirect(localizedPath(`/blogpost?post=${post.slug}`, post.language), {
        status: 301,
        headers: { "Cache-Control": "no-cache" },
      });
    }
    const cover = post.coverPhotoId
      ? await readPhotoView(context.db, post.coverPhotoId)
      : undefined;
    return {
      post: {
        slug: post.slug,
        title: post.title,
        author: post.author,
        date: post.date,
        description: post.description || postBodyText(post.bodyHtml),
        tags: post.tags,
        // Sanitised when it was saved (app/services/site/blog-markdown.server.ts); its links to the
        // site's pages in the post's language (a Spanish post's /schedule is /es/schedule).
        bodyHtml: linksInLanguage(post.bodyHtml, post.language, context.publicPaths),
        draft: post.status === "draft",
        cover: cover ? { photo: cover, alt: post.coverAlt } : null,
      },
    };
  },
);

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const post = loaderData?.post;
  if (!post)
    return [{ title: titled(matches, m.post_not_found({}, { locale: localeOfMatches(matches) })) }];
  const tags = pageMeta(matches, {
    title: titled(matches, post.title),
    description: post.description,
    path: `/blogpost?post=${post.slug}`,
    type: "article",
    // Its own language's address only: the other one redirects here.
    oneLanguage: true,
    ...(post.cover
      ? { image: largestPhotoUrl(post.cover.photo), imageAlt: post.cover.alt || post.title }
      : {}),
  });
  return post.draft ? [...tags, { name: "robots", content: "noindex" }] : tags;
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <article className="page page--narrow post">
      <Link to={to("/blog")} className="back-link">
        <ArrowLeftIcon />
        {m.post_back({}, { locale })}
      </Link>
      {post.draft ? (
        <p className="post__draft" role="status">
          {m.post_draft({}, { locale })} <Link to="/site/blog">Blog Posts</Link>.
        </p>
      ) : null}
      <header className="post__header">
        <h1>{post.title}</h1>
        <p className="meta-line">
          {m.post_by({ author: post.author }, { locale })} &middot;{" "}
          <time dateTime={post.date}>{formatIsoDateIn(post.date, locale)}</time>
        </p>
      </header>
      {post.cover ? (
        <Photo
          photo={post.cover.photo}
          alt={post.cover.alt}
          sizes="(min-width: 760px) 720px, 100vw"
          priority
        />
      ) : null}
      <div
        className="post__body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when saved (docs/security.md#blog-posts).
        dangerouslySetInnerHTML={{ __html: post.bodyHtml }}
      />
      <p className="button-row">
        <BookNowLink />
      </p>
    </article>
  );
}
