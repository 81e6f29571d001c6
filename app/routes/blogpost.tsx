import { data, Link, redirect } from "react-router";
import { ArrowLeftIcon } from "~/components/icons";
import { Picture } from "~/components/picture";
import { findBlogPost } from "~/content/blog-list";
import type { BlogBlock } from "~/content/blog-posts";
import { formatIsoDate } from "~/lib/format";
import { pageMeta, siteUrlOf } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { countPageView } from "~/services/site/page-views.server";
import type { Route } from "./+types/blogpost";

export const handle = {
  page: "Blog Post",
  cache: "static",
  query: ["post"],
  styles: ["post"],
} satisfies RouteHandle;

// docs/product.md#route-table: the post is named in the address (?post=<id>) so it survives a reload.
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("post");
  if (!id) throw redirect("/blog");
  const post = findBlogPost(id);
  if (!post) throw data("No such post", { status: 404 });
  await countPageView(context.db, request, handle.page);
  return { post };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const post = loaderData?.post;
  if (!post) return [{ title: "Post not found | 2 x 10 Nails & Spa" }];
  return pageMeta(siteUrlOf(matches), {
    title: `${post.title} | 2 x 10 Nails & Spa`,
    description: post.desc,
    keywords: post.tags.split(",").map((tag) => tag.trim()),
    path: `/blogpost?post=${post.id}`,
    type: "article",
  });
};

function Block({ block }: { block: BlogBlock }) {
  switch (block.type) {
    case "h2":
      return <h2>{block.text}</h2>;
    case "ul":
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    default:
      return <p>{block.text}</p>;
  }
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="page page--narrow post">
      <Link to="/blog" className="back-link">
        <ArrowLeftIcon />
        Back
      </Link>
      <header className="post__header">
        <h1>{post.title}</h1>
        <p className="meta-line">
          By {post.author} &middot; <time dateTime={post.date}>{formatIsoDate(post.date)}</time>
        </p>
      </header>
      <Picture image={post.imageKey} sizes="(min-width: 760px) 720px, 100vw" priority />
      <div className="post__body">
        {post.body.map((block, index) => (
          // Blocks are static content; their order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: static, ordered content.
          <Block key={index} block={block} />
        ))}
      </div>
      <p className="button-row">
        <Link className="button" to="/schedule">
          Schedule Appointment Now
        </Link>
      </p>
    </article>
  );
}
