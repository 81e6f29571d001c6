// npx tsx scripts/bench/http.bench.ts          (the server on a new embedded database)
// DATABASE_URL=postgres://... npx tsx scripts/bench/http.bench.ts   (a scratch database there)
//
// Requests per second and p99 latency of GET /, /services and /schedule on the production server
// (build/, NODE_ENV=production), beside nginx serving the very same HTML bytes from files, and
// the ratio. Both listen on loopback and share the machine with the load generator (autocannon,
// in this process): BENCH_CONNECTIONS (50) keep-alive connections for BENCH_HTTP_SECONDS (8)
// after a 2-second warm-up, the two servers taking turns page by page. No Accept-Encoding, so
// neither compresses. nginx is Debian's (`apt-get install nginx`, or nginx-light), started here
// with a generated configuration in a temporary folder; without it the nginx column is skipped.
// At the end the server's stored page views are compared with the answers it gave.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, startBenchServer } from "./bench-server";
import { type Metric, ms, printResult } from "./bench-support";

const PAGES = [
  { path: "/", file: "home.html", pageName: "Home" },
  { path: "/services", file: "services.html", pageName: "Services" },
  { path: "/schedule", file: "schedule.html", pageName: "Schedule" },
];
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const WARMUP_SECONDS = 2;
const NGINX_CANDIDATES = ["/usr/sbin/nginx", "/usr/bin/nginx"];

interface Run {
  requestsPerSecond: number;
  p99: number;
  ok: number;
  failed: number;
}

async function load(url: string, seconds: number): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    ok: result["2xx"],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** nginx serving each page's HTML from a file, on a free loopback port; undefined if absent. */
async function startNginx(
  pages: { path: string; file: string; html: Buffer }[],
): Promise<{ url: string; stop(): Promise<void> } | undefined> {
  const binary = NGINX_CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (!binary) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-nginx-"));
  const root = path.join(dir, "www");
  fs.mkdirSync(root);
  for (const page of pages) fs.writeFileSync(path.join(root, page.file), page.html);
  // nginx's technicians run as an unprivileged user when started as root: let them read the files.
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(root, 0o755);
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const locations = pages
    .map((page) => `    location = ${page.path} { try_files /${page.file} =404; }`)
    .join("\n");
  const config = `
worker_processes auto;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  default_type "text/html; charset=utf-8";
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
${locations}
  }
}
`;
  const configFile = path.join(dir, "nginx.conf");
  fs.writeFileSync(configFile, config);
  const child: ChildProcess = spawn(binary, ["-p", dir, "-c", configFile, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGQUIT");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${url}/`)).ok) return { url, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`nginx did not start (configuration: ${configFile})`);
}

async function main() {
  const server = await startBenchServer();
  const backend = server.backend;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  const answered = new Map<string, number>();
  const count = (pageName: string, n: number) =>
    answered.set(pageName, (answered.get(pageName) ?? 0) + n);
  const metrics: Metric[] = [];
  try {
    console.log(
      `\n== HTTP: the production server (${backend}) beside nginx, ${CONNECTIONS} connections, ${SECONDS} s a run ==`,
    );
    const pages = [];
    for (const page of PAGES) {
      const response = await fetch(`${server.url}${page.path}`);
      if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
      pages.push({ ...page, html: Buffer.from(await response.arrayBuffer()) });
      count(page.pageName, 1);
    }
    nginx = await startNginx(pages);
    if (!nginx) {
      console.log(
        `nginx is not installed (${NGINX_CANDIDATES.join(", ")}): install it with \`apt-get install nginx\` for the comparison; measuring the app alone.`,
      );
    }
    for (const page of pages) {
      const app = `${server.url}${page.path}`;
      count(page.pageName, (await load(app, WARMUP_SECONDS)).ok);
      const ours = await load(app, SECONDS);
      count(page.pageName, ours.ok);
      let line = `GET ${page.path.padEnd(10)} ${(page.html.length / 1024).toFixed(1).padStart(5)} KB   app ${ours.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${ms(ours.p99).padStart(5)} ms`;
      metrics.push(
        { name: `${page.path} app req/s`, value: ours.requestsPerSecond, unit: "/s" },
        { name: `${page.path} app p99`, value: ours.p99, unit: "ms" },
      );
      if (ours.failed > 0) line += `  (${ours.failed} failed)`;
      if (nginx) {
        const url = `${nginx.url}${page.path}`;
        await load(url, WARMUP_SECONDS);
        const theirs = await load(url, SECONDS);
        const ratio = ours.requestsPerSecond / theirs.requestsPerSecond;
        line += `   nginx ${theirs.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${ms(theirs.p99).padStart(5)} ms   ratio ${ratio.toFixed(2)}`;
        metrics.push(
          { name: `${page.path} nginx req/s`, value: theirs.requestsPerSecond, unit: "/s" },
          { name: `${page.path} nginx p99`, value: theirs.p99, unit: "ms" },
          { name: `${page.path} ratio app/nginx (x100)`, value: ratio * 100, unit: "" },
        );
      }
      console.log(line);
    }
  } finally {
    await nginx?.stop();
    const views = await server.stopAndReadViews();
    // A run stops with requests in flight: the server counted their page views, autocannon did not
    // count their answers. Each such request is at most one per connection per run.
    const slack = CONNECTIONS * 2;
    for (const page of PAGES) {
      const stored = views.find((row) => row.pageName === page.pageName)?.views ?? 0;
      const seen = answered.get(page.pageName) ?? 0;
      const exact = stored >= seen && stored <= seen + slack;
      console.log(
        `${page.pageName}: ${stored} views stored, ${seen} answers received (plus at most ${slack} cut off at the end of the runs)${exact ? "" : "  MISMATCH"}`,
      );
      if (!exact) process.exitCode = 1;
    }
  }
  printResult("http", backend, metrics);
}

await main();
