import { Link } from "react-router";
import { Photo } from "~/components/photo";
import { langWithin } from "~/domain/i18n/locale-path";
import { formatIsoDateIn } from "~/lib/format";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { localeOfMatches, pageMeta, salonNameOf, siteUrlOf, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { listPublishedPosts } from "~/services/site/blog-posts.server";
import { readPhotoViews } from "~/services/site/photos.server";
import type { Route } from "./+types/blog";

// The published posts, newest first, the newest featured (docs/product.md#blog-posts). Kept by
// the page cache under the site version: a post published, changed or unpublished in any process
// shows at the next request.
export const handle = {
  page: "Blog",
  cache: "static",
  listed: true,
  styles: ["blog"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPublishedPosts(context.db);
  // Only the featured post shows its cover.
  const coverId = posts[0]?.coverPhotoId;
  const covers = await readPhotoViews(context.db, coverId ? [coverId] : []);
  return {
    posts: posts.map((post, index) => ({
      slug: post.slug,
      title: post.title,
      date: post.date,
      description: post.description,
      tags: post.tags,
      language: post.language,
      cover:
        index === 0 && post.coverPhotoId
          ? { photo: covers.get(post.coverPhotoId), alt: post.coverAlt }
          : undefined,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const locale = localeOfMatches(matches);
  return [
    ...pageMeta(matches, {
      title: titled(matches, m.blog_title({}, { locale })),
      description: m.blog_description({}, { locale }),
      path: "/blog",
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: m.blog_feed({ name: salonNameOf(matches) }, { locale }),
      href: `${siteUrlOf(matches)}/blog/feed.xml`,
    },
  ];
};

type PostSummary = Route.ComponentProps["loaderData"]["posts"][number];

function Tags({ tags }: { tags: string[] }) {
  const locale = useLocale();
  if (tags.length === 0) return null;
  return (
    <ul className="tags" aria-label={m.blog_tags({}, { locale })}>
      {tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}

function PostLink({ post, children }: { post: PostSummary; children: React.ReactNode }) {
  const to = useLocalePath();
  return <Link to={to(`/blogpost?post=${post.slug}`)}>{children}</Link>;
}

/** A post's date ("April 29, 2023" / "29 de abril de 2023"), title, description and tags. */
function PostSummaryText({ post }: { post: PostSummary }) {
  const locale = useLocale();
  // The post's own words, in the language it is written in (its 'Language').
  const lang = langWithin(post.language, locale);
  return (
    <>
      <p className="meta-line">
        <time dateTime={post.date}>{formatIsoDateIn(post.date, locale)}</time>
      </p>
      <h2 lang={lang}>
        <PostLink post={post}>{post.title}</PostLink>
      </h2>
      {post.description ? <p lang={lang}>{post.description}</p> : null}
      <Tags tags={post.tags} />
    </>
  );
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const [featured, ...rest] = loaderData.posts;
  const locale = useLocale();
  return (
    <div className="page">
      <header className="page-header">
        <h1>{m.blog_heading({}, { locale })}</h1>
      </header>
      {featured ? (
        <div className="blog-layout">
          <article className="blog-featured">
            {featured.cover?.photo ? (
              <Photo
                photo={featured.cover.photo}
                alt={featured.cover.alt}
                sizes="(min-width: 900px) 60vw, 100vw"
                priority
              />
            ) : null}
            <PostSummaryText post={featured} />
          </article>
          {rest.length > 0 ? (
            <ul className="blog-list" aria-label={m.blog_more({}, { locale })}>
              {rest.map((post) => (
                <li key={post.slug}>
                  <article>
                    <PostSummaryText post={post} />
                  </article>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="lead">{m.blog_empty({}, { locale })}</p>
      )}
    </div>
  );
}
