import { Link } from "react-router";
import { Photo } from "~/components/photo";
import { languageTagOf, localeOfPath, localizedPath } from "~/domain/i18n/locale-path";
import { formatIsoDateIn } from "~/lib/format";
import { useLocale, useLocalePath } from "~/lib/i18n";
import { localeOfMatches, pageMeta, salonNameOf, siteUrlOf, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { m } from "~/paraglide/messages.js";
import { hasPublishedPosts, listPublishedPosts } from "~/services/site/blog-posts.server";
import { readPhotoViews } from "~/services/site/photos.server";
import type { Route } from "./+types/blog";

// The published posts of the page's language, newest first, the newest featured
// (docs/product.md#blog-posts): /blog the English posts, /es/blog the Spanish ones (issue 39). Kept
// by the page cache under the site version: a post published, changed, unpublished or moved to
// the other language in any process shows at the next request (every write to blog_posts moves
// the version, drizzle/0023).
export const handle = {
  page: "Blog",
  cache: "static",
  listed: true,
  styles: ["blog"],
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const posts = await listPublishedPosts(context.db, locale);
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
      cover:
        index === 0 && post.coverPhotoId
          ? { photo: covers.get(post.coverPhotoId), alt: post.coverAlt }
          : undefined,
    })),
    // An empty blog links the other language's, when that one has posts.
    otherHasPosts:
      posts.length === 0 && (await hasPublishedPosts(context.db, locale === "es" ? "en" : "es")),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const locale = localeOfMatches(matches);
  const name = salonNameOf(matches);
  // Said from the owner's posts, newest first, so it never names a post she has taken down.
  const titles = (loaderData?.posts ?? []).slice(0, 3).map((post) => post.title);
  return [
    ...pageMeta(matches, {
      title: titled(matches, m.blog_title({}, { locale })),
      description:
        titles.length > 0
          ? m.blog_description({ name, titles: titles.join("; ") }, { locale })
          : m.blog_description_empty({ name }, { locale }),
      path: "/blog",
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: m.blog_feed({ name }, { locale }),
      // Its own language's feed.
      href: `${siteUrlOf(matches)}${localizedPath("/blog/feed.xml", locale)}`,
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
  return (
    <>
      <p className="meta-line">
        <time dateTime={post.date}>{formatIsoDateIn(post.date, locale)}</time>
      </p>
      <h2>
        <PostLink post={post}>{post.title}</PostLink>
      </h2>
      {post.description ? <p>{post.description}</p> : null}
      <Tags tags={post.tags} />
    </>
  );
}

/**
 * A blog without a post in its language: it says so and links the other language's blog when
 * that one has posts ("Aún no hay publicaciones en español." 'Leer el blog en inglés'); when
 * neither has, that posts are on their way.
 */
function EmptyBlog({ otherHasPosts }: { otherHasPosts: boolean }) {
  const locale = useLocale();
  if (!otherHasPosts) return <p className="lead">{m.blog_empty({}, { locale })}</p>;
  const other = locale === "es" ? "en" : "es";
  return (
    <>
      <p className="lead">{m.blog_none_in_language({}, { locale })}</p>
      <p>
        <a href={localizedPath("/blog", other)} hrefLang={languageTagOf(other)}>
          {m.blog_read_other({}, { locale })}
        </a>
      </p>
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
        <EmptyBlog otherHasPosts={loaderData.otherHasPosts} />
      )}
    </div>
  );
}
