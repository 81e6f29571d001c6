import { Link } from "react-router";
import { Photo } from "~/components/photo";
import { formatIsoDate } from "~/lib/format";
import { pageMeta, salonNameOf, siteUrlOf, titled } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
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
      cover:
        index === 0 && post.coverPhotoId
          ? { photo: covers.get(post.coverPhotoId), alt: post.coverAlt }
          : undefined,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: titled(matches, "Blog"),
    description:
      "Nail care notes from our studio: the types of manicures explained, and how to plan nails for weddings, proms and special occasions.",
    path: "/blog",
  }),
  {
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    title: `${salonNameOf(matches)} blog`,
    href: `${siteUrlOf(matches)}/blog/feed.xml`,
  },
];

type PostSummary = Route.ComponentProps["loaderData"]["posts"][number];

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}

function PostLink({ post, children }: { post: PostSummary; children: React.ReactNode }) {
  return <Link to={`/blogpost?post=${post.slug}`}>{children}</Link>;
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const [featured, ...rest] = loaderData.posts;
  return (
    <div className="page">
      <header className="page-header">
        <h1>Blog</h1>
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
            <p className="meta-line">
              <time dateTime={featured.date}>{formatIsoDate(featured.date)}</time>
            </p>
            <h2>
              <PostLink post={featured}>{featured.title}</PostLink>
            </h2>
            {featured.description ? <p>{featured.description}</p> : null}
            <Tags tags={featured.tags} />
          </article>
          {rest.length > 0 ? (
            <ul className="blog-list" aria-label="More posts">
              {rest.map((post) => (
                <li key={post.slug}>
                  <article>
                    <p className="meta-line">
                      <time dateTime={post.date}>{formatIsoDate(post.date)}</time>
                    </p>
                    <h2>
                      <PostLink post={post}>{post.title}</PostLink>
                    </h2>
                    {post.description ? <p>{post.description}</p> : null}
                    <Tags tags={post.tags} />
                  </article>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="lead">New posts are on their way. Please come back soon.</p>
      )}
    </div>
  );
}
