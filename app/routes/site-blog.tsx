import { data, Form, Link } from "react-router";
import { queryLine } from "~/domain/query-fields";
import { z } from "~/domain/zod";
import { formatIsoDate } from "~/lib/format";
import { privatePageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { readsQuery } from "~/services/platform/query.server";
import { listAllPosts } from "~/services/site/blog-posts.server";
import type { Route } from "./+types/site-blog";

// 'Blog Posts' (docs/product.md#blog-posts): every post, drafts and published, newest first; any
// staff account (the staff layout's middleware is the check). A post is written on its own page,
// /site/blog/new or /site/blog/<id> (site-blog-post.tsx).
export const handle = { styles: ["button-danger", "site-blog"] } satisfies RouteHandle;

/** What it reads of its address (docs/security.md#queries). */
const DeletedQuery = z.object({ deleted: queryLine(300) });

export const loader = readsQuery(DeletedQuery, async ({ context }: Route.LoaderArgs, read) => {
  if (!read.ok) throw data("This address could not be read.", { status: 400 });
  const posts = await listAllPosts(context.db);
  const deleted = read.data.deleted ?? null;
  return {
    posts: posts.map((post) => ({
      id: post.id,
      title: post.title,
      date: formatIsoDate(post.date),
      dateIso: post.date,
      status: post.status === "published" ? "Published" : "Draft",
    })),
    deleted: deleted ? deleted.slice(0, 160) : null,
  };
});

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Blog Posts");

export default function SiteBlogPosts({ loaderData }: Route.ComponentProps) {
  const { posts, deleted } = loaderData;
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Site</p>
        <h1>Blog Posts</h1>
        <p className="lead">
          Write posts in Markdown, preview them, then publish them to the blog. A draft is seen only
          by signed-in staff.
        </p>
      </header>
      <section aria-labelledby="posts-title" className="staff-section">
        <div className="section-head">
          <h2 id="posts-title">Posts</h2>
          {/* A form, so it is a button that works without the page's script. */}
          <Form method="get" action="/site/blog/new">
            <button type="submit" className="button">
              New Post
            </button>
          </Form>
        </div>
        {deleted ? <p role="status">Deleted “{deleted}”.</p> : null}
        {posts.length === 0 ? (
          <p>No posts yet. Choose 'New Post' to write the first.</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">Blog posts, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {posts.map((post) => (
                  <tr key={post.id}>
                    <td>
                      <Link to={`/site/blog/${post.id}`}>{post.title}</Link>
                    </td>
                    <td>
                      <time dateTime={post.dateIso}>{post.date}</time>
                    </td>
                    <td>
                      <span
                        className={`post-status post-status--${post.status === "Draft" ? "draft" : "published"}`}
                      >
                        {post.status}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
