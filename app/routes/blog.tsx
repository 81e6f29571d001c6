import { Link } from "react-router";
import { Picture } from "~/components/picture";
import { listBlogPosts, splitTags } from "~/content/blog-list";
import type { BlogPost } from "~/content/blog-posts";
import { formatIsoDate } from "~/lib/format";
import { pageMeta, siteUrlOf } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { countPageView } from "~/services/site/page-views.server";
import type { Route } from "./+types/blog";

export const handle = {
  page: "Blog",
  cache: "static",
  listed: true,
  styles: ["blog"],
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  await countPageView(context.db, request, handle.page);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteUrlOf(matches), {
    title: "Blog | 2 x 10 Nails & Spa",
    description:
      "Nail care notes from our studio: the types of manicures explained, and how to plan nails for weddings, proms and special occasions.",
    keywords: ["nail blog", "types of manicures", "wedding nails Chicago"],
    path: "/blog",
  });

function Tags({ tags }: { tags: string }) {
  return (
    <ul className="tags" aria-label="Tags">
      {splitTags(tags).map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}

function PostLink({ post, children }: { post: BlogPost; children: React.ReactNode }) {
  return <Link to={`/blogpost?post=${post.id}`}>{children}</Link>;
}

export default function Blog() {
  const [featured, ...rest] = listBlogPosts();
  return (
    <div className="page">
      <header className="page-header">
        <h1>Blog</h1>
      </header>
      <div className="blog-layout">
        {featured ? (
          <article className="blog-featured">
            <Picture image={featured.imageKey} sizes="(min-width: 900px) 60vw, 100vw" priority />
            <p className="meta-line">
              <time dateTime={featured.date}>{formatIsoDate(featured.date)}</time>
            </p>
            <h2>
              <PostLink post={featured}>{featured.title}</PostLink>
            </h2>
            <p>{featured.desc}</p>
            <Tags tags={featured.tags} />
          </article>
        ) : null}
        <ul className="blog-list" aria-label="More posts">
          {rest.map((post) => (
            <li key={post.id}>
              <article>
                <p className="meta-line">
                  <time dateTime={post.date}>{formatIsoDate(post.date)}</time>
                </p>
                <h2>
                  <PostLink post={post}>{post.title}</PostLink>
                </h2>
                <p>{post.desc}</p>
                <Tags tags={post.tags} />
              </article>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
